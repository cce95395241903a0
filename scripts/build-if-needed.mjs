// `npm start` builds first when the compiled output is missing or older than its sources,
// so a fresh checkout runs with one command and a rebuilt one starts instantly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['server', 'shared', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
const OUTPUT = 'dist/server/main.js';

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), 0);
}

const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
if (built === 0 || SOURCES.some((source) => newest(source) > built)) {
  console.log('Building sitewave…');
  execSync('npm run build', { stdio: 'inherit' });
}
