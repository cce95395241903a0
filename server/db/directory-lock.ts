/**
 * PGlite writes a postmaster.pid but does not refuse a second process on the same directory,
 * and two processes writing one database corrupt it. A lock file beside the directory, holding
 * the owner's pid, makes a second `npm start` on the same DATA_DIR fail at once instead.
 */
import { open, readFile, unlink } from 'node:fs/promises';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function create(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, 'wx');
    await handle.writeFile(`${process.pid}\n`);
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Returns the release function. Within one process the caller shares the directory itself. */
export async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const lockFile = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (await create(lockFile)) return () => unlink(lockFile).catch(() => undefined);
    const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    // Our own pid in it can only be left by an earlier run that died (a container's pid 1, say).
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new Error(
        `The database directory ${directory} is in use by process ${owner}: PGlite allows one process per directory. Stop that process, give this one another DATA_DIR, or set DATABASE_URL. If no such process is running, delete ${lockFile}.`,
      );
    }
    await unlink(lockFile).catch(() => undefined);
  }
  throw new Error(`Could not lock the database directory ${directory}: another process keeps taking ${directory}.lock`);
}
