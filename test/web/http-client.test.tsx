/** The fetch client's failures carry the catalogue's texts (spec §8) and it sends the XSRF header. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, request, requireParam } from '../../web/lib/http.js';
import { describeQueryError, retryDelay } from '../../web/lib/query-client.js';
import { CancelledError } from '@tanstack/react-query';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('http client', () => {
  it('names a status outside 2xx, keeping the body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":403}}', { status: 403, headers: { 'content-type': 'application/json' } })),
    );
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Request failed with status code 403');
    expect((error as HttpError).response?.data).toEqual({ error: { code: 403 } });
  });

  it('says Network Error, Request aborted and timeout of N ms exceeded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('failed'))),
    );
    await expect(request('/api/x')).rejects.toThrow('Network Error');

    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const aborted = request('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toThrow('Request aborted');
    await expect(request('/api/x', { timeout: 20 })).rejects.toThrow('timeout of 20ms exceeded');
  });

  it('names a missing required parameter and the operation', () => {
    expect(() => requireParam(undefined, 'flowId', 'getLoginFlow')).toThrow('Required parameter flowId was null or undefined when calling getLoginFlow');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await request('/bff/consent', { method: 'POST', body: {} });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc123');
  });
});

describe('data cache defaults', () => {
  it('retries after 1 s, doubling up to 30 s, and names a cancelled query', () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(describeQueryError(new CancelledError())).toBe('Query was cancelled');
  });
});
