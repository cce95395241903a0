/**
 * Closed-loop load from this process: `concurrency` tasks in flight until `seconds` have passed,
 * each started as the previous one of its lane ends. For requests wrk cannot make (a body per
 * request, a multi-step sign-in) and for rows where 10 requests in flight is the realistic load.
 * A task answers true when it succeeded; a false or a throw counts as a failure.
 */
import { performance } from 'node:perf_hooks';

export async function closedLoop(task, { seconds, concurrency }) {
  const latencies = [];
  let failures = 0;
  let firstError;
  const deadline = performance.now() + seconds * 1000;
  const lane = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const ok = await task().catch((error) => {
        firstError ??= error;
        return false;
      });
      if (!ok) failures++;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / wall, p50: at(0.5), p99: at(0.99), count: latencies.length, failures, firstError, wall };
}
