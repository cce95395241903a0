/**
 * The one way screens call the API: a client typed by the API's own contract
 * (shared/api-types.ts, generated from its OpenAPI document), so a wrong path, a missing parameter
 * or a misread answer is a type error. It sends the XSRF pair as web/lib/http.ts does and fails
 * with the same `HttpError` and catalogue texts (spec §8), so screens handle one kind of error.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../shared/api-types.js';
import { HttpError, readCookie, XSRF_COOKIE, XSRF_HEADER } from './http.js';

const xsrf: Middleware = {
  onRequest({ request }) {
    const token = readCookie(XSRF_COOKIE);
    if (token) request.headers.set(XSRF_HEADER, token);
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '', credentials: 'same-origin' });
api.use(xsrf);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body; a status outside 200–299, a network failure or an abort as `HttpError`. */
export async function dataOf<T>(call: Promise<Answer<T>>, signal?: AbortSignal): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch {
    if (signal?.aborted) throw new HttpError('Request aborted', 'ERR_CANCELED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  }
  const { data, error, response } = answer;
  if (!response.ok) {
    throw new HttpError(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', {
      status: response.status,
      data: error,
      headers: response.headers,
    });
  }
  return data as T;
}
