/** The API's errors (`ApiError` and its usual kinds) and the id checks every route shares. */
import { UUID } from '../../../shared/uuid.js';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
    /** A stable machine-readable id for the envelope's `id` (as the identity service's `session_inactive`). */
    readonly errorId?: string,
  ) {
    super(message);
  }
}

export const notFound = (kind: string, id: string) => new ApiError(404, `No ${kind} with id ${id}`);
export const badRequest = (message: string, details?: Record<string, unknown>) => new ApiError(400, message, details);
export const conflict = (message: string) => new ApiError(409, message);

/** An id that is not even a UUID names nothing: 404, like any unknown id. */
export function checkId(kind: string, id: string): string {
  if (!UUID.test(id)) throw notFound(kind, id);
  return id.toLowerCase();
}

export function found<T>(value: T | undefined, kind: string, id: string): T {
  if (value === undefined) throw notFound(kind, id);
  return value;
}
