/** A syntax or type error in a model, placed where Keto places it (shared/opl-position.ts). */
import { oplPosition, type OplPosition } from '../../../shared/opl-position.js';

export type SourcePosition = OplPosition;

export interface ParseError {
  message: string;
  start: SourcePosition;
  end: SourcePosition;
}

export function parseError(source: string, message: string, span: { start: number; end: number }): ParseError {
  return { message, start: oplPosition(source, span.start), end: oplPosition(source, span.end) };
}
