/**
 * PGlite's planner statistics. PostgreSQL's autovacuum daemon re-analyzes a table once enough of
 * it has changed; PGlite runs no daemon, so a table filled after its migration is planned with
 * default guesses forever (a name query on 10 000 projects then sorts every project of the
 * organisation instead of walking the name index and stopping after one page). This keeps the
 * same rule database-wide: once the rows written since the last ANALYZE reach 50 plus a tenth of
 * the rows there were, ANALYZE runs when the writes pause. The statistics live in the catalog,
 * so they survive a restart like on PostgreSQL. The PGlite backend runs it as VACUUM (ANALYZE),
 * which also sets the visibility map that index-only scans need (pglite.ts).
 */

/** Rows written since the last ANALYZE that make the statistics stale, as autovacuum counts. */
export function staleAfter(rowsAtLastAnalyze: number): number {
  return 50 + Math.ceil(rowsAtLastAnalyze / 10);
}

export interface StatisticsKeeper {
  /** Rows a statement inserted, updated or deleted. */
  wrote(rows: number): void;
  /** Cancels a pending ANALYZE and waits for a running one. */
  stop(): Promise<void>;
}

/**
 * `analyze` runs ANALYZE and answers how many rows the analyzed tables hold; it is called at most
 * once at a time, `quietMs` after the write that made the statistics stale (later writes move it).
 */
export function keepStatistics(analyze: () => Promise<number>, quietMs = 200, onError: (err: unknown) => void = () => undefined): StatisticsKeeper {
  let written = 0;
  let rowsAtLastAnalyze = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    timer = undefined;
    if (stopped || running) return;
    const counted = written;
    running = analyze()
      .then((rows) => {
        rowsAtLastAnalyze = rows;
        written -= counted;
      }, onError)
      .finally(() => {
        running = undefined;
        if (written >= staleAfter(rowsAtLastAnalyze)) schedule();
      });
  };
  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, quietMs);
    timer.unref();
  };

  return {
    wrote(rows) {
      if (rows <= 0) return;
      written += rows;
      if (written >= staleAfter(rowsAtLastAnalyze)) schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
