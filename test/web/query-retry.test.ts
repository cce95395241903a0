import { describe, expect, it } from 'vitest';
import { HttpError } from '../../web/lib/http.js';
import { shouldRetry } from '../../web/lib/query-client.js';

const failed = (status: number) => new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', { status, data: undefined, headers: new Headers() });

describe('query retries', () => {
  it('tries again up to three times after a network failure or a 5xx', () => {
    expect(shouldRetry(0, new HttpError('Network Error', 'ERR_NETWORK'))).toBe(true);
    expect(shouldRetry(2, failed(503))).toBe(true);
    expect(shouldRetry(3, failed(503))).toBe(false);
  });

  it('does not ask again after a refusal or an unknown id, but does after 408 and 429', () => {
    expect(shouldRetry(0, failed(403))).toBe(false);
    expect(shouldRetry(0, failed(404))).toBe(false);
    expect(shouldRetry(0, failed(429))).toBe(true);
    expect(shouldRetry(0, failed(408))).toBe(true);
  });
});
