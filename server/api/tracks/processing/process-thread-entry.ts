/** The thread of process-on-thread.ts: processes the track it was given and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import type { ProcessThreadAnswer, ProcessThreadData } from './process-on-thread.js';
import { processTrack } from './process-track.js';

const { samples, options } = workerData as ProcessThreadData;
let answer: ProcessThreadAnswer;
try {
  answer = { ok: true, result: processTrack(samples, options) };
} catch (error) {
  answer = { ok: false, reason: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(answer);
