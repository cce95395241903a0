/**
 * When two floor names mean the same floor: case, spaces and punctuation aside ("1st floor" and
 * "1ST-FLOOR"). An Ekahau project's floors go onto the project's floors of the same name by this
 * rule, in the API and in the import dialog that proposes the match.
 */
export function comparableFloorName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
