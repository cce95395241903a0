// `npm start` builds first when the compiled server or client is missing or older than its
// sources, so a fresh checkout runs with one command and a rebuilt one starts instantly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SHARED = ['shared', 'package.json', 'tsconfig.json'];
const ALL_TARGETS = [
  { name: 'server', output: 'dist/server/main.js', sources: ['server', 'tsconfig.build.json', ...SHARED], command: 'npx tsc -p tsconfig.build.json' },
  { name: 'web', output: 'dist/web/index.html', sources: ['web', 'locales', 'vite.config.ts', ...SHARED], command: 'npx vite build' },
];

// `node scripts/build-if-needed.mjs web` builds only the client (what browser tests need).
const only = process.argv.slice(2);
const TARGETS = only.length ? ALL_TARGETS.filter((target) => only.includes(target.name)) : ALL_TARGETS;

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), 0);
}

for (const target of TARGETS) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  if (built === 0 || target.sources.some((source) => newest(source) > built)) {
    console.log(`Building ${target.output}…`);
    // Always the production build: started from the test runner (NODE_ENV=test) Vite would bundle
    // React's development build, and `npm start` would later serve that unminified client.
    execSync(target.command, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
