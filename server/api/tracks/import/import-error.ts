/** Why a track file was refused: each issue names where (line or JSON path) and which field. */

export interface ImportIssue {
  /** `line 7` for CSV (the header is line 1), `samples[5]` or `path[2]` for JSON. */
  where: string;
  field: string;
  message: string;
}

/** What a reader left out of a file it took, line by line: given back with the import's answer. */
export interface SkippedLines {
  count: number;
  /** The first MAX_REPORTED_ISSUES of them, with why (`field` is "file"). */
  lines: ImportIssue[];
}

/** Issues beyond this many are not collected: the first ones are what a person fixes first. */
export const MAX_REPORTED_ISSUES = 20;

export class TrackImportError extends Error {
  override name = 'TrackImportError';
  constructor(readonly issues: ImportIssue[]) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    super(first ? `${first.where}, field "${first.field}": ${first.message}${more}` : 'The track file is not valid');
  }
}
