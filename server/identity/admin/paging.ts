/**
 * Keyset pagination as the Kratos admin API exposes it: `page_size` and an opaque `page_token`,
 * with the next page announced in a `Link` header. The token is the last row's sort key, so a
 * row inserted meanwhile never shifts a page and deep pages cost what the first one does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KratosError } from '../http/kratos-error.js';

export const DEFAULT_PAGE_SIZE = 250;
export const MAX_PAGE_SIZE = 1000;

export interface PageCursor {
  created_at: Date;
  id: string;
}

export interface PageQuery {
  page_size?: string;
  page_token?: string;
}

export const pageQuerySchema = {
  page_size: { type: 'string', pattern: '^[0-9]+$' },
  page_token: { type: 'string', maxLength: 200 },
} as const;

export function readPage(query: PageQuery): { size: number; after?: PageCursor } {
  const size = query.page_size === undefined ? DEFAULT_PAGE_SIZE : Number(query.page_size);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new KratosError(400, { reason: `page_size must be between 1 and ${MAX_PAGE_SIZE}.` });
  }
  return { size, after: query.page_token ? decodeToken(query.page_token) : undefined };
}

export function encodeToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.created_at.toISOString(), cursor.id])).toString('base64url');
}

function decodeToken(token: string): PageCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as [string, string];
    const created_at = new Date(at);
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(created_at.getTime())) throw new Error('shape');
    return { created_at, id };
  } catch {
    throw new KratosError(400, { reason: 'page_token is not a token this API issued.' });
  }
}

/**
 * Fetch `size + 1` rows; when the extra one exists, link the next page and drop it. Answers
 * the rows of this page.
 */
export function linkPages<T extends PageCursor>(request: FastifyRequest, reply: FastifyReply, rows: T[], size: number): T[] {
  const page = rows.slice(0, size);
  const base = new URL(request.url, 'http://admin.invalid');
  base.searchParams.set('page_size', String(size));
  base.searchParams.delete('page_token');
  const first = `${base.pathname}${base.search}`;
  const links = [`<${first}>; rel="first"`];
  if (rows.length > size) {
    base.searchParams.set('page_token', encodeToken(page[page.length - 1]!));
    links.push(`<${base.pathname}${base.search}>; rel="next"`);
  }
  reply.header('link', links.join(','));
  return page;
}
