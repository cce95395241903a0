import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectListQuery } from '../../web/survey/projects/queries.js';

// The client is built once on import; the browser's fetch is replaced before that.
const calls: URL[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    calls.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    // "office" matches more than the API counts: its total is a lower bound.
    const capped = url.searchParams.get('q') === 'office';
    const body = { items: [], page, perPage: 25, total: capped ? 1000 : 80, totalIsLowerBound: capped };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const base: ProjectListQuery = { q: 'depot', status: '', mine: false, sort: 'name', page: 1, perPage: 25 };

describe('the project list query', () => {
  it('sends the total of an earlier page of the same search with a later page, so the server need not count again', async () => {
    const { useProjects } = await import('../../web/survey/projects/queries.js');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, rerender } = renderHook((query: ProjectListQuery) => useProjects('o1', query), { wrapper, initialProps: base });
    await waitFor(() => expect(result.current.data?.total).toBe(80));
    expect(calls[0]!.searchParams.has('known_total')).toBe(false);

    rerender({ ...base, page: 2 });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.searchParams.get('known_total')).toBe('80');

    // Another search has no total yet; a changed list (invalidated) is counted afresh.
    rerender({ ...base, q: 'hotel', page: 2 });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.searchParams.has('known_total')).toBe(false);
    await client.invalidateQueries({ queryKey: ['projects'], refetchType: 'none' });
    rerender({ ...base, page: 3 });
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]!.searchParams.has('known_total')).toBe(false);

    // A lower bound is no total to stand in for a count: the server would take it for exact.
    rerender({ ...base, q: 'office', page: 1 });
    await waitFor(() => expect(result.current.data?.totalIsLowerBound).toBe(true));
    rerender({ ...base, q: 'office', page: 2 });
    await waitFor(() => expect(calls).toHaveLength(6));
    expect(calls[5]!.searchParams.has('known_total')).toBe(false);
  });
});
