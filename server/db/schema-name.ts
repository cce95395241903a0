/**
 * Schema names end up spliced into SQL (CREATE SCHEMA, search_path, the connection's startup
 * options), where no parameter can stand, so only plain lower-case identifiers are accepted.
 */

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name) || name.startsWith('pg_')) {
    throw new Error(`Invalid schema name "${name}": expected a lower-case letter or underscore, then letters, digits or underscores (at most 63), not starting with pg_`);
  }
  return name;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
