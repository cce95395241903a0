/**
 * The one HTTP client of the web app. Failures are `HttpError`s whose messages are the fixed
 * texts of the error catalogue (spec §8), so screens and tests can rely on them; a failed
 * response keeps its status and parsed body (identity flows come back with 400/410/422 bodies).
 * Same-origin only: the gateway is the single thing the browser talks to.
 */

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
}

export type HttpErrorCode = 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED' | 'ERR_MISSING_PARAMETER';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    /** Present when the server answered. */
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, as `text/plain` (a permission model to check, say); instead of `body`. */
  text?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; 0 (the default) means no timeout. */
  timeout?: number;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Throws the catalogue's error when a required parameter is missing. */
export function requireParam<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) {
    throw new HttpError(`Required parameter ${name} was null or undefined when calling ${operation}`, 'ERR_MISSING_PARAMETER');
  }
  return value;
}

function withParams(url: string, params: RequestOptions['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (options.text !== undefined) {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    body = options.text;
  }

  const controller = new AbortController();
  const timeout = options.timeout ?? 0;
  let timedOut = false;
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(withParams(url, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new HttpError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED');
    if (controller.signal.aborted) throw new HttpError('Request aborted', 'ERR_CANCELED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const data = await parseBody(response);
  const result: HttpResponse<T> = { status: response.status, data: data as T, headers: response.headers };
  if (response.status < 200 || response.status > 299) {
    throw new HttpError(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', result);
  }
  return result;
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
