/**
 * Kratos' "too similar to the identifier" rule: case-insensitively, the password is rejected
 * when fewer than 5 edits turn the identifier into it, or when a single common substring
 * covers more than half of the password.
 */

const MIN_EDIT_DISTANCE = 5;
const MAX_SHARED_FRACTION = 0.5;

/**
 * Both measures cost identifier × password steps; Kratos skips the check past 256, where a
 * long random password is not what the rule is about and the work would be unbounded.
 */
const MAX_OPERAND_LENGTH = 256;

export function isTooSimilarToIdentifier(identifier: string, password: string): boolean {
  const a = Array.from(identifier.toLowerCase());
  const b = Array.from(password.toLowerCase());
  if (a.length === 0 || b.length === 0) return false;
  if (a.length > MAX_OPERAND_LENGTH || b.length > MAX_OPERAND_LENGTH) return false;
  return editDistance(a, b) < MIN_EDIT_DISTANCE || longestCommonSubstring(a, b) / b.length > MAX_SHARED_FRACTION;
}

/** Levenshtein distance over code points, keeping one row of the table. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Length of the longest run of code points that appears in both. */
export function longestCommonSubstring(a: readonly string[], b: readonly string[]): number {
  let longest = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) {
      if (a[i - 1] !== b[j - 1]) continue;
      const run = (previous[j - 1] ?? 0) + 1;
      current[j] = run;
      if (run > longest) longest = run;
    }
    previous = current;
  }
  return longest;
}
