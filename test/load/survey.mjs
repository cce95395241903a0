/**
 * Survey rows of `npm run bench` (also runnable alone, after `npm run build`:
 * `node test/load/survey.mjs`):
 *
 * - processing a track: time and peak memory at 10 000 and 100 000 samples, each in a fresh
 *   process; the ratio shows how it scales (linear is 10x);
 * - the project list: latency of `GET /api/orgs/{orgId}/projects` on the survey routes with 100
 *   and with 10 000 projects in the organisation (first page, a name query, a deep page of a
 *   status filter), and the ratio.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLine, makeTempDir, runToEnd, startProcess, stopProcess } from './processes.mjs';
import { closedLoop } from './closed-loop.mjs';
import { fixed, formatTable, ratio } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MB = 1024 * 1024;
const PROCESSING_TARGET = { ms: 1000, peakRssMb: 150 };

async function processingRun(samples, widthM = 80, heightM = 40) {
  const out = await runToEnd(process.execPath, ['--expose-gc', join(HERE, 'upstreams', 'survey-processing.mjs'), String(samples), String(widthM), String(heightM)], {
    timeoutMs: 300_000,
  });
  if (out.code !== 0) throw new Error(`processing run exited ${out.code}: ${out.stderr.trim().slice(-500)}`);
  return JSON.parse(out.stdout.trim().split('\n').pop());
}

export async function benchSurveyProcessing({ say, problems }) {
  say();
  say('== survey processing (dist/server/api/tracks/processing, one fresh process per row) ==');
  try {
    const small = await processingRun(10_000);
    const large = await processingRun(100_000);
    // The issue-18 goal: a 100 000-sample track on a 100 × 100 m floor, cells of 0.5 m, predicted layer included.
    const square = await processingRun(100_000, 100, 100);
    const row = (r) => [
      `${r.samples} samples, ${r.networks} networks, ${r.cells} cells of ${r.cellSizeM} m`,
      fixed(r.processMs, 0),
      fixed(r.processCpuMs, 0),
      fixed(r.predictMs, 0),
      fixed((r.samples / r.processMs) * 1000, 0),
      fixed(r.storedBytes / MB, 1),
      fixed(r.rssBefore / MB, 0),
      fixed(r.peakRss / MB, 0),
    ];
    say(formatTable(['track', 'process ms', 'CPU ms', 'of which predicted ms', 'samples/s', 'stored MB', 'RSS before MB', 'peak RSS MB'], [row(small), row(large), row(square)]));
    say(`   100k vs 10k: time ${ratio(large.processMs, small.processMs)}, peak RSS ${ratio(large.peakRss, small.peakRss)} (10x samples)`);
    say(
      '   IDW power 2, radius 5 m, 0.5 m cells, plus the predicted layer (path-loss fit + kriging, no walls drawn); RSS before = after simulating and encoding the walk, i.e. the process with the stored track in memory',
    );
    // Issue 40: the 100 × 100 m floor's track, predicted layer included, within a second and without memory growth.
    const fast = square.processMs < PROCESSING_TARGET.ms;
    const flat = square.peakRss < PROCESSING_TARGET.peakRssMb * MB;
    say(
      `   target: ${square.samples} samples on 100 x 100 m under ${PROCESSING_TARGET.ms} ms: ${fixed(square.processMs, 0)} ms -> ${fast ? 'PASS' : 'FAIL'}; peak RSS under ${PROCESSING_TARGET.peakRssMb} MB: ${fixed(square.peakRss / MB, 0)} MB -> ${flat ? 'PASS' : 'FAIL'} (time needs an idle machine)`,
    );
    if (!fast) problems.push(`survey processing: ${square.samples} samples on 100 x 100 m took ${fixed(square.processMs, 0)} ms, over ${PROCESSING_TARGET.ms} ms`);
    if (!flat) problems.push(`survey processing: peak RSS ${fixed(square.peakRss / MB, 0)} MB on 100 x 100 m, over ${PROCESSING_TARGET.peakRssMb} MB`);
  } catch (error) {
    problems.push(`survey processing rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  }
}

/** GETs of `url`, `concurrency` in flight; anything but a 200 is a failure. */
function requestLoop(url, seconds, concurrency) {
  return closedLoop(
    async () => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status === 200;
    },
    { seconds, concurrency },
  );
}

const FIRST_PAGE = 'first page, newest first';
const NAME_QUERY = 'name query "depot", by name';
const TARGET = { nameQueryRatio: 2 };
const LIST_QUERIES = [
  [FIRST_PAGE, '?per_page=25'],
  [NAME_QUERY, '?q=depot&sort=name&per_page=25'],
  ['page 40 of running projects', '?status=running&page=40&per_page=25'],
  // As the client asks for it, with the total page 1 gave: no count (past the end on 100 projects).
  ['page 40 of running projects, total known', '?status=running&page=40&per_page=25&known_total=8000'],
];

export async function benchSurveyLists({ say, problems, seconds, warmupSeconds }) {
  say();
  say('== survey project list (dist survey routes on PGlite, their own process; 10 requests in flight) ==');
  const dir = makeTempDir('survey-bench');
  const results = new Map();
  try {
    for (const projects of [100, 10_000]) {
      const handle = startProcess(`survey API (${projects} projects)`, process.execPath, [join(HERE, 'upstreams', 'survey-api.mjs'), String(projects)], {
        logFile: join(dir, `survey-${projects}.log`),
        announce: true,
      });
      try {
        const { port, orgId } = await firstLine(handle, 120_000);
        for (const [label, query] of LIST_QUERIES) {
          const url = `http://127.0.0.1:${port}/api/orgs/${orgId}/projects${query}`;
          await requestLoop(url, warmupSeconds, 10);
          const r = await requestLoop(url, seconds, 10);
          if (r.failures) problems.push(`survey list ${label} (${projects} projects): ${r.failures} of ${r.count} answers were not 200`);
          results.set(`${label}|${projects}`, r);
        }
      } finally {
        await stopProcess(handle);
      }
    }
    const rows = LIST_QUERIES.map(([label]) => {
      const small = results.get(`${label}|100`);
      const large = results.get(`${label}|10000`);
      return [label, fixed(small.p50, 2), fixed(large.p50, 2), fixed(large.p99, 2), fixed(large.rps, 0), ratio(large.p50, small.p50)];
    });
    say(formatTable(['GET /api/orgs/{orgId}/projects', 'p50 ms (100)', 'p50 ms (10 000)', 'p99 ms (10 000)', 'req/s (10 000)', 'p50 10 000 vs 100'], rows));
    // A name query costs what the plain list costs, however many projects the organisation has.
    const name = results.get(`${NAME_QUERY}|10000`).p50 / results.get(`${FIRST_PAGE}|10000`).p50;
    const pass = name <= TARGET.nameQueryRatio;
    say(`   target: ${NAME_QUERY} within ${TARGET.nameQueryRatio}x of the ${FIRST_PAGE} on 10 000 projects (p50): ${fixed(name, 2)}x -> ${pass ? 'PASS' : 'FAIL'}`);
    if (!pass) problems.push(`survey list: the name query is ${fixed(name, 2)}x the first page on 10 000 projects, over ${TARGET.nameQueryRatio}x`);
    say(
      '   each answer carries the total count of matching projects, up to COUNT_BOUND (then a lower bound, shown "250+"), counted unless the page is short (then the page shows it)',
    );
  } catch (error) {
    problems.push(`survey list rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  }
}

export async function benchSurvey(options) {
  await benchSurveyProcessing(options);
  await benchSurveyLists(options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [];
  await benchSurvey({ say: (line = '') => process.stdout.write(`${line}\n`), problems, seconds: 5, warmupSeconds: 1, connections: 10 });
  if (problems.length) {
    for (const p of problems) process.stdout.write(`!! FAILED: ${p}\n`);
    process.exit(1);
  }
}
