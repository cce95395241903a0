// The JavaScript a browser downloads to show /login, gzip-compressed: the entry module, the
// modules index.html preloads, and the default locale's catalogue. Fails above the budget.
//   node scripts/web-budget.mjs            (after npm run build)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 90 * 1024;
const root = process.argv[2] ?? 'dist/web';
const html = readFileSync(path.join(root, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const catalogue = readdirSync(path.join(root, 'assets')).find((name) => /^en-[\w-]+\.js$/.test(name));
if (catalogue) scripts.push(`assets/${catalogue}`);

let total = 0;
for (const file of scripts) {
  const size = gzipSync(readFileSync(path.join(root, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first load of /login (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('over budget');
  process.exit(1);
}
