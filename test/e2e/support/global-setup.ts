/**
 * Browser journeys load the built client from dist/web: build it first when its sources are
 * newer (once per test run, before any journey starts).
 */
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', 'web'], { stdio: 'inherit' });
}
