/**
 * The one way the server starts a worker thread on one of its own modules (sibling-module.ts
 * names it). Built, the module is JavaScript; from source (`npm run dev`, tests) a new thread
 * does not inherit the TypeScript loader the caller runs under (and `--import tsx` in a thread's
 * argv is not honoured on Node 20), so it registers the loader before it imports the module.
 *
 * No execArgv is given: a thread inherits the process's flags as they are, where an explicit list
 * may not name V8 options (`node --max-old-space-size=… dist/server/main.js` would not start).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startThread(module: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
