/**
 * Postgres errors the services answer with a 4xx rather than a 500. PGlite and node-postgres
 * throw different classes carrying the same fields, so errors are recognised by shape.
 */

export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

export interface PostgresError extends Error {
  /** SQLSTATE, e.g. 23505. */
  code: string;
  severity: string;
  /** The violated constraint, e.g. users_email_key: tells which field to blame. */
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
}

const SQLSTATE_FORMAT = /^[0-9A-Z]{5}$/;

/** `severity` tells a server's error from a Node system error such as EPIPE, whose code also has five letters. */
export function isPostgresError(err: unknown): err is PostgresError {
  if (!(err instanceof Error)) return false;
  const { code, severity } = err as Partial<PostgresError>;
  return typeof code === 'string' && SQLSTATE_FORMAT.test(code) && typeof severity === 'string';
}

export function isUniqueViolation(err: unknown): err is PostgresError {
  return isPostgresError(err) && err.code === SQLSTATE.uniqueViolation;
}

export function isForeignKeyViolation(err: unknown): err is PostgresError {
  return isPostgresError(err) && err.code === SQLSTATE.foreignKeyViolation;
}
