/**
 * Every list of the signed-in areas: one page of rows from the server, sorted and filtered by the
 * server, with its paging, sort and query in the address (web/lib/list-params.ts). The table is
 * react-aria's grid: arrow keys move between rows and cells, Enter opens a row that links
 * somewhere, screen readers hear the sort order. Loading, empty and failed states are part of it.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import type { ApiPage } from '../lib/api-types.js';
import { useTranslation } from '../lib/i18n.js';
import type { ListParams, ListParamsChange } from '../lib/list-params.js';
import { Pagination } from './Pagination.js';
import { QueryError } from './QueryError.js';
import './data-table.css';

export interface DataColumn<T, Sort extends string> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort value this column orders by, and the direction that value sorts in. */
  sort?: { value: Sort; direction: SortDescriptor['direction'] };
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

export function DataTable<T extends { id: string }, Sort extends string>(props: DataTableProps<T, Sort>) {
  const { t } = useTranslation();
  const { columns, query, params, onParamsChange } = props;
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const sorted = columns.find((column) => column.sort?.value === params.sort);
  const sortDescriptor = sorted?.sort ? { column: sorted.id, direction: sorted.sort.direction } : undefined;
  const onSortChange = (descriptor: SortDescriptor) => {
    const value = columns.find((column) => column.id === descriptor.column)?.sort?.value;
    if (value && value !== params.sort) onParamsChange({ sort: value });
  };
  const rows = query.data?.items ?? [];
  const refreshing = query.isFetching && !query.isPending;

  return (
    <div className="data-table">
      <div className="data-table-scroll" aria-busy={query.isFetching || undefined}>
        {refreshing && <div className="data-table-progress" aria-hidden="true" />}
        <Table aria-label={props.label} className="table" sortDescriptor={sortDescriptor} onSortChange={onSortChange}>
          <TableHeader>
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={Boolean(column.sort)}
                className={column.align === 'end' ? 'table-column align-end' : 'table-column'}
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className="table-column-label">
                    {column.header}
                    {allowsSorting && (
                      <span className="sort-indicator" aria-hidden="true">
                        {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                      </span>
                    )}
                  </span>
                )}
              </Column>
            ))}
          </TableHeader>
          <TableBody
            items={rows}
            dependencies={[columns, props.rowHref]}
            renderEmptyState={() => (
              <div className="table-empty">{query.isPending ? <span className="spinner" aria-label={t('common.loading')} /> : props.empty}</div>
            )}
          >
            {(row) => (
              <Row id={row.id} href={props.rowHref?.(row)} className="table-row">
                {columns.map((column) => (
                  <Cell key={column.id} className={column.align === 'end' ? 'table-cell align-end' : 'table-cell'}>
                    {column.cell(row)}
                  </Cell>
                ))}
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      {query.data && query.data.total > 0 && (
        <Pagination
          page={params.page}
          perPage={params.perPage}
          total={query.data.total}
          onPage={(page) => onParamsChange({ page })}
          onPerPage={(perPage) => onParamsChange({ perPage })}
        />
      )}
      {query.isError && query.data && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
    </div>
  );
}
