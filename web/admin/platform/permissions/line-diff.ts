/**
 * The lines two texts share and the lines that differ, in order, as a unified diff shows them:
 * what a model's save would change, read before saving. A longest common subsequence over the
 * lines between the common beginning and end; past a size where that table would be large the
 * middle is shown as removed whole, then added whole (still correct, only less fine-grained).
 */

export type DiffLine =
  { kind: 'same'; text: string; oldLine: number; newLine: number } | { kind: 'removed'; text: string; oldLine: number } | { kind: 'added'; text: string; newLine: number };

/** Cells of the table beyond which the middle is not compared line by line. */
const MAX_CELLS = 4_000_000;

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

export function diffLines(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;

  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i]!, oldLine: i + 1, newLine: i + 1 });
  out.push(...middle(a.slice(head, a.length - tail), b.slice(head, b.length - tail), head));
  for (let i = tail; i > 0; i--) out.push({ kind: 'same', text: a[a.length - i]!, oldLine: a.length - i + 1, newLine: b.length - i + 1 });
  return out;
}

/** The differing middle; `offset` lines came before it in both texts. */
function middle(a: string[], b: string[], offset: number): DiffLine[] {
  const out: DiffLine[] = [];
  const removed = (i: number) => out.push({ kind: 'removed', text: a[i]!, oldLine: offset + i + 1 });
  const added = (j: number) => out.push({ kind: 'added', text: b[j]!, newLine: offset + j + 1 });
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    a.forEach((_line, i) => removed(i));
    b.forEach((_line, j) => added(j));
    return out;
  }
  // common[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat table.
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] = a[i] === b[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]!, oldLine: offset + i + 1, newLine: offset + j + 1 });
      i++;
      j++;
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) removed(i++);
    else added(j++);
  }
  while (i < a.length) removed(i++);
  while (j < b.length) added(j++);
  return out;
}

/** Whether a diff holds any change. */
export function hasChanges(lines: readonly DiffLine[]): boolean {
  return lines.some((line) => line.kind !== 'same');
}

/** Whether two texts differ in nothing but line endings: the diff would show no change. */
export function sameLines(before: string, after: string): boolean {
  return linesOf(before).join('\n') === linesOf(after).join('\n');
}

export type DiffRow = DiffLine | { kind: 'skipped'; count: number };

/** The changed lines with `context` unchanged lines around each change; longer unchanged runs are counted, not shown. */
export function withContext(lines: readonly DiffLine[], context = 3): DiffRow[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, at) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, at - context); k <= Math.min(lines.length - 1, at + context); k++) near[k] = true;
  });
  const rows: DiffRow[] = [];
  let skipped = 0;
  lines.forEach((line, at) => {
    if (near[at]) {
      if (skipped > 0) rows.push({ kind: 'skipped', count: skipped });
      skipped = 0;
      rows.push(line);
    } else skipped++;
  });
  if (skipped > 0) rows.push({ kind: 'skipped', count: skipped });
  return rows;
}
