/**
 * Page arguments of every list: `page` (from 1) and `per_page` (default 25, at most 100),
 * answered as `{ items, page, perPage, total }`. The schema fragment validates them at the edge.
 */

import { Type } from 'typebox';

/** Spread into a list's `Type.Object({ ... })` query schema. */
export const PageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
};

export interface PageArgs {
  page: number;
  perPage: number;
}

export interface Page<T> extends PageArgs {
  items: T[];
  total: number;
}

export function pageArgs(query: { page?: number; per_page?: number }): PageArgs {
  return { page: query.page ?? 1, perPage: query.per_page ?? 25 };
}

/** `LIMIT $n OFFSET $n+1` with the parameters appended to `params`. */
export function limitOffset(args: PageArgs, params: unknown[]): string {
  params.push(args.perPage, (args.page - 1) * args.perPage);
  return `LIMIT $${params.length - 1} OFFSET $${params.length}`;
}

/**
 * The total a page's own rows prove, so that the count query can be skipped: a page shorter than
 * `perPage` is the last one (unless it is empty past the end, which proves nothing beyond page 1).
 * Undefined when only counting can tell.
 */
export function totalShownByPage(args: PageArgs, rowsOnPage: number): number | undefined {
  if (rowsOnPage >= args.perPage) return undefined;
  if (rowsOnPage === 0 && args.page > 1) return undefined;
  return (args.page - 1) * args.perPage + rowsOnPage;
}

/** For ILIKE: a user's `%` and `_` match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
