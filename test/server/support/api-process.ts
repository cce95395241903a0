/**
 * Starts and kills the fake API host as a child process (./fake-api-process.ts) on a fixed port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./fake-api-process.ts', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** When it announced that it listens (performance.now()). */
  listeningAt: number;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

export interface ApiProcessOptions {
  port: number;
  secret: string;
  grants: [identityId: string, scope: string, ids: string[]][];
  echoDelayMs?: number;
}

export function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, PORT: String(options.port), SECRET: options.secret, GRANTS: JSON.stringify(options.grants), ECHO_DELAY_MS: String(options.echoDelayMs ?? 0) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API process did not start:\n${output}`));
    }, 15_000);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited with ${code}:\n${output}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const listeningAt = performance.now();
      resolve({
        child,
        url: match[1]!,
        listeningAt,
        kill: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    });
  });
}
