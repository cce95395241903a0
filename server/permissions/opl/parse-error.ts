/**
 * A syntax or type error in a model, placed where Keto places it. Keto counts the offset of a
 * token in UTF-8 bytes and then walks the source one character at a time, so a token reads as
 * its 0-based column on its line — except at the very start (column 1) and at the first column
 * of a later line (reported as one past the end of the line before). Editors built for Ory
 * Network underline by these numbers, so they are reproduced rather than corrected.
 */

export interface SourcePosition {
  /** Keto's JSON spells it with a capital L. */
  Line: number;
  column: number;
}

export interface ParseError {
  message: string;
  start: SourcePosition;
  end: SourcePosition;
}

export function sourcePosition(source: string, offset: number): SourcePosition {
  let remaining = Buffer.byteLength(source.slice(0, offset), 'utf8');
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

export function parseError(source: string, message: string, span: { start: number; end: number }): ParseError {
  return { message, start: sourcePosition(source, span.start), end: sourcePosition(source, span.end) };
}
