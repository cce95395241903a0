/**
 * The multipart parser (busboy, under @fastify/multipart) reports a body that does not parse —
 * no boundary, a boundary it cannot use, a body that ends inside a part — as a plain Error with
 * no status, at whichever point the handler was reading. They are the client's mistakes: the
 * API's error handler answers them 400, not 500.
 */
const MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty|have a length bigger than)/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
];

export function isMalformedMultipart(error: { statusCode?: unknown; message?: unknown }): boolean {
  return error.statusCode === undefined && typeof error.message === 'string' && MALFORMED.some((pattern) => pattern.test(error.message as string));
}
