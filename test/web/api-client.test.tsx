import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpError } from '../../web/lib/http.js';
import { XSRF_COOKIE } from '../../web/lib/http.js';

// The client is built once on import; the browser's fetch is replaced before that.
const calls: Request[] = [];
let answer: () => Response;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push(input);
    return answer();
  });
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${XSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the typed API client', () => {
  it('fills the path and query from typed parameters and sends the XSRF header', async () => {
    document.cookie = `${XSRF_COOKIE}=token-1`;
    answer = json(200, { items: [], page: 2, perPage: 10, total: 0 });
    const { api, dataOf } = await import('../../web/lib/api-client.js');
    const page = await dataOf(api.GET('/api/orgs/{orgId}/projects', { params: { path: { orgId: 'o1' }, query: { page: 2, per_page: 10, sort: 'name' } } }));
    expect(page.total).toBe(0);
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/orgs/o1/projects');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', per_page: '10', sort: 'name' });
    expect(calls[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-1');
  });

  it('fails with the catalogue text and keeps the answer, as every other call does', async () => {
    answer = json(403, { error: { code: 403, status: 'Forbidden', reason: 'Missing permission' } });
    const { api, dataOf } = await import('../../web/lib/api-client.js');
    // The same module instance the client loaded, as screens share it.
    const { HttpError } = await import('../../web/lib/http.js');
    const failure = await dataOf(api.GET('/api/orgs/{orgId}/invoices', { params: { path: { orgId: 'o1' } } })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('Request failed with status code 403');
    expect((failure as HttpError).response?.status).toBe(403);
    expect((failure as HttpError).response?.data).toMatchObject({ error: { reason: 'Missing permission' } });
  });

  it('reports a network failure as the catalogue does', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { api, dataOf } = await import('../../web/lib/api-client.js');
    await expect(dataOf(api.GET('/api/orgs'))).rejects.toThrow('Network Error');
  });
});
