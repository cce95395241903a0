/**
 * Where in the editor's text a syntax error of the permission service lies. The service places a
 * mistake as Keto does (docs/keto-compatibility.md): it counts the UTF-8 bytes before the token
 * and then walks that many characters, so a token reads as its 0-based column, except at the very
 * start (column 1) and at the first column of a later line (one past the end of the line before).
 * The screens show those numbers as the service gives them and underline the characters they
 * stand for, found by walking the same way: the first offset Keto would give that position.
 */

export interface KetoPosition {
  /** Keto's JSON spells it with a capital L. */
  Line: number;
  column: number;
}

export interface KetoSyntaxError {
  message: string;
  start: KetoPosition;
  end: KetoPosition;
}

const encoder = new TextEncoder();

/** The position Keto gives a token starting at `offset` (UTF-16 code units) of `source`. */
export function ketoPosition(source: string, offset: number): KetoPosition {
  let remaining = encoder.encode(source.slice(0, offset)).length;
  let line = 1;
  let column = 0;
  for (const character of source) {
    column++;
    remaining--;
    if (remaining <= 0) break;
    if (character === '\n') {
      line++;
      column = 0;
    }
  }
  return { Line: line, column };
}

function compare(a: KetoPosition, b: KetoPosition): number {
  return a.Line - b.Line || a.column - b.column;
}

/** The first offset of `source` Keto places at `position` or after it (positions grow with offsets). */
export function offsetOf(source: string, position: KetoPosition): number {
  let low = 0;
  let high = source.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(ketoPosition(source, middle), position) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The characters to mark for an error: from its start to its end, or the one character at its
 * start when the two meet (an empty range at the end of a line or of the text stays empty).
 */
export function errorRange(source: string, error: KetoSyntaxError): { start: number; end: number } {
  const start = offsetOf(source, error.start);
  let end = Math.max(start, offsetOf(source, error.end));
  if (end === start && start < source.length && source[start] !== '\n') end = start + 1;
  return { start, end };
}

/** The editor's 1-based line of an offset, for the line numbers beside it. */
export function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source[i] === '\n') line++;
  return line;
}
