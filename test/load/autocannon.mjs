/**
 * The load generator when wrk cannot be installed: autocannon's CLI (a devDependency, run as
 * its own process like wrk so its CPU is not billed to the orchestrator), same result shape.
 */
import { runToEnd } from './processes.mjs';

export async function runAutocannon(autocannonJs, { url, headers = {}, seconds, connections = 50, method = 'GET', body, paths }) {
  // Its command line sends one request over and over: a row that varies the path needs wrk.
  if (paths) throw new Error('this row sends a different path per request, which only wrk can (apt-get install wrk)');
  const args = [autocannonJs, '-c', String(connections), '-d', String(seconds), '-j', '-m', method];
  if (body !== undefined) args.push('-b', body);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const out = await runToEnd(process.execPath, args, { timeoutMs: (seconds + 15) * 1000 });
  if (out.code !== 0) throw new Error(`autocannon exited ${out.code}: ${out.stderr.trim()}`);
  const report = JSON.parse(out.stdout);
  return {
    rps: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    requests: report.requests.total,
    non2xx: report.non2xx ?? 0,
    socketErrors: (report.errors ?? 0) + (report.timeouts ?? 0),
    raw: out.stdout,
  };
}
