/**
 * `processTrack` on a thread of its own, one per track. Processing is one long computation
 * (a third of a second for 10 000 samples, about one for 100 000); on the API's thread it held up
 * every request of the API and of the identity service beside it, sign-ins included. On a
 * short-lived thread the API goes on answering, and the memory the computation grew is given back
 * when the thread ends. Starting a thread costs tens of milliseconds, little next to the work.
 */
import { siblingModule } from '../../../sibling-module.js';
import { startThread } from '../../../threads.js';
import type { SampleTable } from '../import/sample-table.js';
import type { ProcessingResult, ProcessOptions } from './result-types.js';

const THREAD_MODULE = siblingModule(import.meta.url, 'process-thread-entry');

export interface ProcessThreadData {
  samples: SampleTable;
  options: ProcessOptions;
}

export type ProcessThreadAnswer = { ok: true; result: ProcessingResult } | { ok: false; reason: string };

export function processTrackOnThread(samples: SampleTable, options: ProcessOptions): Promise<ProcessingResult> {
  return new Promise((resolve, reject) => {
    const data: ProcessThreadData = { samples, options };
    const thread = startThread(THREAD_MODULE, { workerData: data });
    let answered = false;
    thread.once('message', (answer: ProcessThreadAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.reason));
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`the processing thread stopped without an answer (exit code ${code})`));
    });
  });
}
