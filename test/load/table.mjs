/** Plain-text tables for a terminal and for pasting into an issue. */

export function formatTable(header, rows) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const ratio = (value, base) => (Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}x` : '-');

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
