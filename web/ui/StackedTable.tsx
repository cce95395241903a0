/**
 * A table whose rows are laid out as blocks on a narrow screen (data-table.css): the scrolling
 * box, the header row and the explicit roles that layout needs — browsers drop the implicit table
 * roles of parts no longer displayed as a table. The rows are the children; each cell carries its
 * column's name in `data-label` for the narrow layout.
 */
import type { ReactNode } from 'react';
import './data-table.css';
import { ScrollRegion } from './ScrollRegion.js';

export interface StackedColumn {
  label: string;
  align?: 'end';
}

export function StackedTable(props: { labelledBy: string; columns: readonly StackedColumn[]; busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <ScrollRegion labelledBy={props.labelledBy} busy={props.busy}>
      <table className={props.className ? `table stacked-table ${props.className}` : 'table stacked-table'} role="table" aria-labelledby={props.labelledBy}>
        <thead role="rowgroup">
          <tr role="row">
            {props.columns.map((column, index) => (
              <th key={index} scope="col" role="columnheader" className={column.align === 'end' ? 'align-end' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{props.children}</tbody>
      </table>
    </ScrollRegion>
  );
}
