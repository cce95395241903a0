import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../../server/api/http/accept-encoding.js';

describe('Accept-Encoding', () => {
  it('takes gzip when named or allowed by *, with a weight above zero', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('does not when it is missing, weighted zero, or refused beside *', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});
