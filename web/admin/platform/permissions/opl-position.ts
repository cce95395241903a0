/**
 * Where in the editor's text a syntax error of the permission service lies. The service places a
 * mistake as Keto does (shared/opl-position.ts); the screens show those numbers as the service
 * gives them and underline the characters they stand for: the first offset placed there.
 */
import { oplPosition, type OplPosition } from '../../../../shared/opl-position.js';

export type KetoPosition = OplPosition;

export interface KetoSyntaxError {
  message: string;
  start: KetoPosition;
  end: KetoPosition;
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
    if (compare(oplPosition(source, middle), position) < 0) low = middle + 1;
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
