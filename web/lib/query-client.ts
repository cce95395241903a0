/**
 * TanStack Query with the product's defaults (spec §9): cached data is collected after 5 minutes,
 * queries retry 3 times with a backoff doubling from 1 s up to 30 s, mutations never retry.
 */
import { CancelledError, QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http.js';

export const GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Up to 3 more tries — but not after a 4xx other than 408 and 429: a refusal or an unknown id does not change by asking
 * again, and the screen should say so at once rather than after seven seconds of retries.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  const status = isHttpError(error) ? error.response?.status : undefined;
  // 408 and 429 are the server asking to come back later; every other 4xx is final.
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failures < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: GC_TIME_MS, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** The message a cancelled query rejects with. */
export const QUERY_CANCELLED = 'Query was cancelled';

/** TanStack's CancelledError carries no message of its own; give it the catalogue's. */
export function describeQueryError(error: unknown): string {
  if (error instanceof CancelledError) return QUERY_CANCELLED;
  if (error instanceof Error) return error.message;
  return String(error);
}
