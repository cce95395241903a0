/**
 * A PDF floor plan's first page as a PNG, drawn by pdf.js in a child process of its own
 * (pdf-process.mjs). The page is drawn off the event loop, so a heavy one never stalls other
 * requests; and the document, which anyone with upload rights can craft, is parsed in a process
 * without the server's environment, where a crash or a runaway allocation ends that process
 * alone. It is killed at the time limit, which also stops a page that would take forever. At most
 * MAX_RENDERING files are drawn at once; the others wait their turn.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FloorplanImageError } from './floorplan-image-error.js';
import type { PdfProcessAnswer } from './pdf-process-answer.js';

export const PDF_TIME_LIMIT_MS = 30_000;
const MAX_RENDERING = 2;
/** pdf.js's own heap; decoded images and the canvas are outside it. */
const HEAP_MB = 1024;

const entry = fileURLToPath(new URL('./pdf-process.mjs', import.meta.url));

let rendering = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= MAX_RENDERING) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** The first page as a PNG, or a FloorplanImageError (400) saying why it cannot be drawn. */
export function renderPdfFirstPage(bytes: Buffer, timeLimitMs = PDF_TIME_LIMIT_MS): Promise<Buffer> {
  return inTurn(() => inChildProcess(bytes, timeLimitMs));
}

function inChildProcess(bytes: Buffer, timeLimitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, [], {
      execArgv: [`--max-old-space-size=${HEAP_MB}`],
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      child.kill('SIGKILL');
    };
    const refuse = (reason: string) => settle(() => reject(new FloorplanImageError(400, reason)));
    const timer = setTimeout(() => refuse(`The PDF could not be rendered within ${timeLimitMs / 1000} seconds`), timeLimitMs);
    child.once('message', (message) => {
      const answer = message as PdfProcessAnswer;
      if (answer.ok) settle(() => resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength)));
      else refuse(answer.reason);
    });
    child.once('error', (err) => refuse(`The PDF could not be rendered: ${err.message}`));
    child.once('exit', (code, signal) => refuse(`The PDF could not be rendered: the renderer stopped (${signal ?? code})`));
    child.send(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
