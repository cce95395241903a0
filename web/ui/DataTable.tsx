/**
 * Every list of the signed-in areas: one page of rows from the server, sorted and filtered by the
 * server, with its paging, sort and query in the address (web/lib/list-params.ts). The column
 * model is TanStack Table's (headless, so the markup stays a plain, semantic table); sorting and
 * paging are "manual" because the API does them. Rows that lead somewhere carry a link in their
 * row header: Tab reaches it, arrow keys move between rows, a click anywhere on the row follows it.
 * Loading, empty and failed states are part of the table.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
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
  const definitions: ColumnDef<T>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    enableSorting: Boolean(column.sort),
    cell: ({ row }) => {
      const content = column.cell(row.original);
      return column.isRowHeader && rowHref ? (
        <AppLink className="row-link" href={rowHref(row.original)}>
          {content}
        </AppLink>
      ) : (
        content
      );
    },
  }));
  const table = useReactTable({
    data: query.data?.items ?? [],
    columns: definitions,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: query.data?.total ?? 0,
    state: { sorting: sorted?.sort ? [{ id: sorted.id, desc: sorted.sort.direction === 'descending' }] : [] },
  });

  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const byId = new Map(columns.map((column) => [column.id, column]));
  const alignOf = (id: string) => (byId.get(id)?.align === 'end' ? 'align-end' : undefined);
  const rows = table.getRowModel().rows;

  return (
    <div className="data-table">
      <ScrollRegion label={props.label} busy={query.isFetching}>
        {query.isFetching && !query.isPending && <div className="data-table-progress" aria-hidden="true" />}
        <table className="table" aria-label={props.label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)!;
                  const current = sorted?.id === column.id;
                  const text = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" className={alignOf(column.id)} aria-sort={current ? column.sort!.direction : undefined}>
                      {column.sort ? (
                        <button type="button" className="sort-button" onClick={() => !current && onParamsChange({ sort: column.sort!.value })}>
                          {text}
                          <span className="sort-indicator" aria-hidden="true">
                            {current ? (column.sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      ) : (
                        text
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody onKeyDown={moveBetweenRows}>
            {rows.map((row) => (
              <tr key={row.id} className={rowHref ? 'table-row row-linked' : 'table-row'} onClick={rowHref ? followRowLink : undefined}>
                {row.getVisibleCells().map((cell) => {
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return byId.get(cell.column.id)?.isRowHeader ? (
                    <th key={cell.id} scope="row" className={alignOf(cell.column.id)}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={alignOf(cell.column.id)}>
                      {content}
                    </td>
                  );
                })}
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
