/**
 * Proxied paths must be canonical before anything is matched against them: an upstream may
 * decode `%2f`, collapse `//` or resolve `..` differently from the gateway, and then a path the
 * gateway allowed could reach one it never would. Ids in paths are plain tokens, so any
 * percent-encoding, backslash, empty or dot segment is refused outright.
 */
const CANONICAL = /^(?:\/[A-Za-z0-9\-_~.]+)+\/?$|^\/$/;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/** The path part of a raw request URL when it is canonical, otherwise `null`. */
export function canonicalPath(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!CANONICAL.test(path) || DOT_SEGMENT.test(path)) return null;
  return path;
}
