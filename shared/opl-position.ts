/**
 * Where Keto places a token of an Ory Permission Language model. Keto counts the offset of a token
 * in UTF-8 bytes and then walks the source one character at a time, so a token reads as its
 * 0-based column on its line — except at the very start (column 1) and at the first column of a
 * later line (reported as one past the end of the line before). Editors built for Ory Network
 * underline by these numbers, so they are reproduced rather than corrected. The permission service
 * places its errors with this, and the model editor finds the characters they stand for with it.
 */

export interface OplPosition {
  /** Keto's JSON spells it with a capital L. */
  Line: number;
  column: number;
}

const encoder = new TextEncoder();

/** The position Keto gives a token starting at `offset` (UTF-16 code units) of `source`. */
export function oplPosition(source: string, offset: number): OplPosition {
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
