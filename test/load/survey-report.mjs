/**
 * Report rows of `npm run bench` (also runnable alone, after `npm run build`:
 * `node test/load/survey-report.mjs`): producing the PDF report of the demo project (2 floors)
 * and of a 20-floor project, in the API's own process. Time to the last byte, the file's size,
 * and how far the API process's resident memory rose above where it stood before the request
 * (sampled from /proc every 10 ms while the report streams). The ratio shows what ten times the
 * floors costs: bounded memory means the peak stays flat while the time grows.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { firstLine, makeTempDir, rssBytes, startProcess, stopProcess } from './processes.mjs';
import { fixed, formatTable, ratio } from './table.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MB = 1024 * 1024;

/** One report, read to its end, with the API process's RSS sampled meanwhile. */
async function measuredReport(url, pid) {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 10);
  const started = performance.now();
  let bytes = 0;
  let firstByteMs = null;
  try {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.byteLength;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssBytes(pid));
  return { ms: performance.now() - started, firstByteMs, bytes, before, growth: peak - before };
}

export async function benchSurveyReport({ say, problems }) {
  say();
  say('== survey PDF report (dist survey routes on PGlite and files, their own process per project; default views) ==');
  const dir = makeTempDir('survey-report');
  const results = [];
  try {
    for (const copies of [1, 10]) {
      const handle = startProcess(`survey API (report, ${2 * copies} floors)`, process.execPath, [join(HERE, 'upstreams', 'survey-report-api.mjs'), String(copies)], {
        logFile: join(dir, `report-${copies}.log`),
        announce: true,
      });
      try {
        const { port, projectId, floors } = await firstLine(handle, 600_000);
        const url = `http://127.0.0.1:${port}/api/projects/${projectId}/report.pdf`;
        // The first report loads the font and sharp's pipelines; the second is the one measured.
        await measuredReport(url, handle.child.pid);
        results.push({ floors, ...(await measuredReport(url, handle.child.pid)) });
      } finally {
        await stopProcess(handle);
      }
    }
    const [small, large] = results;
    const row = (r) => [`${r.floors} floors, 1 walk each`, fixed(r.ms, 0), fixed(r.firstByteMs, 0), fixed(r.bytes / MB, 1), fixed(r.before / MB, 0), fixed(r.growth / MB, 1)];
    say(formatTable(['report', 'ms to last byte', 'ms to first byte', 'PDF MB', 'API RSS before MB', 'peak RSS growth MB'], results.map(row)));
    say(`   20 vs 2 floors: time ${ratio(large.ms, small.ms)}, peak RSS growth ${ratio(large.growth, small.growth)} (10x floors)`);
    say('   views primary, snr, requirements; the 20 floors are ten generated copies of the demo survey, each walk processed as an upload is');
  } catch (error) {
    problems.push(`survey report rows: ${error.message}`);
    say(`   failed: ${error.message}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [];
  await benchSurveyReport({ say: (line = '') => process.stdout.write(`${line}\n`), problems });
  if (problems.length) {
    for (const p of problems) process.stdout.write(`!! FAILED: ${p}\n`);
    process.exit(1);
  }
}
