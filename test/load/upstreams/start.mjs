/** Starts one of the scripts beside this file as its own node process; `args` follow the script. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLine, makeTempDir, startProcess, stopProcess } from '../processes.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export async function startUpstream(name, args = []) {
  const dir = makeTempDir(name);
  const handle = startProcess(`${name} upstream`, process.execPath, [join(HERE, `${name}.mjs`), ...args], {
    logFile: join(dir, `${name}.log`),
    announce: true,
    ipc: true,
  });
  const { port } = await firstLine(handle, 10_000);
  return { url: `http://127.0.0.1:${port}`, pid: handle.child.pid, handle, stop: () => stopProcess(handle) };
}
