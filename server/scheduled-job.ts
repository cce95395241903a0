/**
 * A service's periodic maintenance (audit retention, trimming relationship changes): first run a
 * while after start rather than while the services start, then at a fixed interval. Its timers
 * keep no process alive. Answers how to stop it.
 */
export function scheduleJob(run: () => void, timing: { firstAfterMs: number; everyMs: number }): () => void {
  const first = setTimeout(run, timing.firstAfterMs);
  const timer = setInterval(run, timing.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
