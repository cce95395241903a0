/**
 * Every list of the signed-in areas: one page of rows from the server, sorted and filtered by the
 * server, with its paging, sort and query in the address (web/lib/list-params.ts). The API sorts
 * and pages, so a column is only a header, a cell and the sort it asks for: a plain, semantic
 * table with no table library underneath (TanStack Table cost 12 KB of the signed-in first load
 * for this). Rows that lead somewhere carry a link in their
 * row header: Tab reaches it, arrow keys move between rows, a click anywhere on the row follows it.
 * Loading, empty and failed states are part of the table.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { ApiPage } from '../lib/api-types.js';
import type { ListParams, ListParamsChange } from '../lib/list-params.js';
import { goTo } from '../lib/navigate.js';
import { AppLink } from './AppLink.js';
import { Pagination } from './Pagination.js';
import { QueryError } from './QueryError.js';
import './data-table.css';
import { EmptyTableRow } from './EmptyTableRow.js';
import { ScrollRegion } from './ScrollRegion.js';

export type SortDirection = 'ascending' | 'descending';

export interface DataColumn<T, Sort extends string> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort value this column orders by, and the direction that value sorts in. */
  sort?: { value: Sort; direction: SortDirection };
  /** The cell that names the row (and holds its link). */
  isRowHeader?: boolean;
  align?: 'start' | 'end';
}

export interface DataTableProps<T extends { id: string }, Sort extends string> {
  label: string;
  columns: readonly DataColumn<T, Sort>[];
  query: UseQueryResult<ApiPage<T>>;
  params: ListParams<Sort>;
  onParamsChange: (change: ListParamsChange<Sort>) => void;
  /** Where a row leads; rows without it are not links. */
  rowHref?: (row: T) => string;
  /** Shown when the list is empty: what the list holds and how to add the first one. */
  empty: ReactNode;
}

/** Arrow keys move between the rows' links, as in a list. */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.row-link')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  const next = links[event.key === 'ArrowDown' ? at + 1 : at - 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** A click on the row's empty space follows its link; clicks on the row's own controls do not. */
function followRowLink(event: MouseEvent<HTMLTableRowElement>) {
  if ((event.target as Element).closest('a, button, input, select, textarea')) return;
  const link = event.currentTarget.querySelector<HTMLAnchorElement>('a.row-link');
  if (link) goTo(link.href);
}

export function DataTable<T extends { id: string }, Sort extends string>(props: DataTableProps<T, Sort>) {
  const { columns, query, params, onParamsChange, rowHref } = props;
  const sorted = columns.find((column) => column.sort?.value === params.sort);
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const alignOf = (column: DataColumn<T, Sort>) => (column.align === 'end' ? 'align-end' : undefined);
  const rows = query.data?.items ?? [];
  const cellOf = (column: DataColumn<T, Sort>, row: T) => {
    const content = column.cell(row);
    return column.isRowHeader && rowHref ? (
      <AppLink className="row-link" href={rowHref(row)}>
        {content}
      </AppLink>
    ) : (
      content
    );
  };

  return (
    <div className="data-table">
      <ScrollRegion label={props.label} busy={query.isFetching}>
        {query.isFetching && !query.isPending && <div className="data-table-progress" aria-hidden="true" />}
        <table className="table" aria-label={props.label}>
          <thead>
            <tr>
              {columns.map((column) => {
                const current = sorted?.id === column.id;
                return (
                  <th key={column.id} scope="col" className={alignOf(column)} aria-sort={current ? column.sort!.direction : undefined}>
                    {column.sort ? (
                      <button type="button" className="sort-button" onClick={() => !current && onParamsChange({ sort: column.sort!.value })}>
                        {column.header}
                        <span className="sort-indicator" aria-hidden="true">
                          {current ? (column.sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody onKeyDown={moveBetweenRows}>
            {rows.map((row) => (
              <tr key={row.id} className={rowHref ? 'table-row row-linked' : 'table-row'} onClick={rowHref ? followRowLink : undefined}>
                {columns.map((column) =>
                  column.isRowHeader ? (
                    <th key={column.id} scope="row" className={alignOf(column)}>
                      {cellOf(column, row)}
                    </th>
                  ) : (
                    <td key={column.id} className={alignOf(column)}>
                      {cellOf(column, row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
            {rows.length === 0 && (
              <EmptyTableRow columns={columns.length} loading={query.isPending}>
                {props.empty}
              </EmptyTableRow>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {query.data && query.data.total > 0 && (
        <Pagination
          page={params.page}
          perPage={params.perPage}
          total={query.data.total}
          totalIsLowerBound={query.data.totalIsLowerBound}
          onPage={(page) => onParamsChange({ page })}
          onPerPage={(perPage) => onParamsChange({ perPage })}
        />
      )}
      {query.isError && query.data && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
    </div>
  );
}
