/**
 * Survey rows of `npm run bench` (also runnable alone, after `npm run build`:
 * `node test/load/survey.mjs`):
 *
 * - processing a track: time and peak memory at 10 000 and 100 000 samples, each in a fresh
 *   process; the ratio shows how it scales (linear is 10x);
 * - the project list: latency of `GET /api/orgs/{orgId}/projects` on the embedded API with 100
 *   and with 10 000 projects in the organisation (first page, and a name query), and the ratio.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToEnd } from './processes.mjs';
import { fixed, formatTable, ratio } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MB = 1024 * 1024;

async function processingRun(samples) {
  const out = await runToEnd(process.execPath, ['--expose-gc', join(HERE, 'upstreams', 'survey-processing.mjs'), String(samples)], { timeoutMs: 300_000 });
  if (out.code !== 0) throw new Error(`processing run exited ${out.code}: ${out.stderr.trim().slice(-500)}`);
  return JSON.parse(out.stdout.trim().split('\n').pop());
}

export async function benchSurveyProcessing({ say, problems }) {
  say();
  say('== survey processing (dist/server/api/tracks/processing, one fresh process per row) ==');
  try {
    const small = await processingRun(10_000);
    const large = await processingRun(100_000);
    const row = (r) => [
      `${r.samples} samples, ${r.networks} networks, ${r.cells} cells`,
      fixed(r.processMs, 0),
      fixed((r.samples / r.processMs) * 1000, 0),
      fixed(r.storedBytes / MB, 1),
      fixed(r.rssBefore / MB, 0),
      fixed(r.peakRss / MB, 0),
    ];
    say(formatTable(['track', 'process ms', 'samples/s', 'stored MB', 'RSS before MB', 'peak RSS MB'], [row(small), row(large)]));
    say(`   100k vs 10k: time ${ratio(large.processMs, small.processMs)}, peak RSS ${ratio(large.peakRss, small.peakRss)} (10x samples)`);
    say('   IDW power 2, radius 5 m, 0.5 m cells; RSS before = after simulating and encoding the walk, i.e. the process with the stored track in memory');
  } catch (error) {
    problems.push(`survey processing rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  }
}

export async function benchSurvey(options) {
  await benchSurveyProcessing(options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [];
  await benchSurvey({ say: (line = '') => process.stdout.write(`${line}\n`), problems, seconds: 5, warmupSeconds: 1, connections: 10 });
  if (problems.length) {
    for (const p of problems) process.stdout.write(`!! FAILED: ${p}\n`);
    process.exit(1);
  }
}
