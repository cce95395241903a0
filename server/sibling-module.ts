/**
 * A module of ours beside the caller, to run as a thread or a child process: with the caller's
 * own extension, `.js` when built and `.ts` from source under tsx.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `./name` beside `caller` (an `import.meta.url`). */
export function siblingModule(caller: string, name: string): URL {
  return new URL(`./${name}${path.extname(fileURLToPath(caller))}`, caller);
}
