/**
 * A list's paging, sorting, query and filters kept in the address (`?page=2&sort=name&q=lab`),
 * so a reload, the back button and a shared link show the same rows. Values equal to their
 * default are left out of the address.
 */
import { useSearchParams } from 'wouter';

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export interface ListParams<Sort extends string> {
  page: number;
  perPage: number;
  sort: Sort;
  q: string;
  /** Further filters by name (`status`, `mine`), as the address holds them. */
  filters: Readonly<Record<string, string>>;
}

export interface ListParamsDefaults<Sort extends string> {
  sort: Sort;
  sorts: readonly Sort[];
  filters?: Readonly<Record<string, string>>;
}

function positiveInt(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

export function readListParams<Sort extends string>(search: URLSearchParams, defaults: ListParamsDefaults<Sort>): ListParams<Sort> {
  const sort = search.get('sort');
  const perPage = Number(search.get('per_page'));
  const filters: Record<string, string> = { ...defaults.filters };
  for (const name of Object.keys(filters)) filters[name] = search.get(name) ?? filters[name]!;
  return {
    page: positiveInt(search.get('page'), 1, 1_000_000),
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    sort: defaults.sorts.includes(sort as Sort) ? (sort as Sort) : defaults.sort,
    q: (search.get('q') ?? '').slice(0, 200),
    filters,
  };
}

export type ListParamsChange<Sort extends string> = Partial<Omit<ListParams<Sort>, 'filters'>> & {
  filters?: Readonly<Record<string, string>>;
};

export function writeListParams<Sort extends string>(current: URLSearchParams, change: ListParamsChange<Sort>, defaults: ListParamsDefaults<Sort>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
  if (change.sort !== undefined) set('sort', change.sort, defaults.sort);
  if (change.perPage !== undefined) set('per_page', String(change.perPage), String(DEFAULT_PER_PAGE));
  if (change.q !== undefined) set('q', change.q.trim(), '');
  for (const [name, value] of Object.entries(change.filters ?? {})) set(name, value, defaults.filters?.[name] ?? '');
  // Another sort, query, filter or page size shows a different first page.
  const page = change.page ?? 1;
  set('page', String(page), '1');
  return next;
}

/** A list's page, size, sort and query in the API's own names; an empty query is left out. */
export function pageQuery<Sort extends string>(params: { page: number; perPage: number; sort?: Sort; q?: string }) {
  return { q: params.q || undefined, sort: params.sort, page: params.page, per_page: params.perPage };
}

export function useListParams<Sort extends string>(defaults: ListParamsDefaults<Sort>) {
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search, defaults);
  const update = (change: ListParamsChange<Sort>) => setSearch((current) => writeListParams(current, change, defaults), { replace: change.page === undefined });
  return [params, update] as const;
}
