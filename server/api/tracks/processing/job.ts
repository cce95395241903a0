/**
 * Processing as a job. `requestProcessing` moves a track to `queued` unless it is already queued
 * or processing, or processed from the same inputs (calibration, thresholds and walls): asking twice is
 * asking once. A worker per API instance claims queued tracks one at a time with
 * `FOR UPDATE SKIP LOCKED`, so several instances on one PostgreSQL share the queue without
 * processing a track twice, and writes the results in one transaction with the status change.
 * A track left `processing` by an instance that died is queued again after `staleAfterMs`; on
 * PGlite, which one process owns, at once when the worker starts (nothing else can be running it).
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.js';
import { PlanTransform, defaultCalibration, type Calibration } from '../../floorplans/calibration.js';
import { normaliseWalls, type Wall } from '../../floorplans/walls.js';
import { getReportingSettings } from '../../reporting/store.js';
import { decodeSampleTable, encodeSampleTable } from '../import/sample-table.js';
import { getTrackRow, loadSamples, toTrack, type Track, type TrackRow } from '../store.js';
import { correctOldNmcliLevels } from './nmcli-levels.js';
import { processTrackOnThread } from './process-on-thread.js';
import { replaceResults, summarise } from './results-store.js';

interface Inputs {
  calibration: Calibration | null;
  image: { width: number; height: number };
  projectId: string;
  walls: Wall[];
}

async function inputsOf(db: Queryable, track: TrackRow): Promise<Inputs & { hash: string; settings: Awaited<ReturnType<typeof getReportingSettings>>['settings'] }> {
  const r = await db.query<{ calibration: Calibration | null; width: number; height: number; project_id: string; walls: Wall[] }>(
    `SELECT p.calibration, p.width, p.height, p.walls, f.project_id FROM floorplans p JOIN floors f ON f.id = p.floor_id WHERE p.id = $1`,
    [track.floorplan_id],
  );
  const row = r.rows[0]!;
  const { settings } = await getReportingSettings(db, row.project_id);
  const walls = normaliseWalls(row.walls);
  // A wall's id does not change what a signal loses. `v` is the processing's own version: 3 added
  // the predicted layer, 4 reads scan logs' nmcli levels with NetworkManager's mapping
  // (nmcli-levels.ts), so a track processed before it is processed again when asked.
  const drawn = walls.map(({ x1, y1, x2, y2, material, lossDb }) => [x1, y1, x2, y2, material, lossDb]);
  const hash = createHash('sha256')
    .update(JSON.stringify({ c: row.calibration, s: settings, ...(drawn.length > 0 && { w: drawn }), v: 4 }))
    .digest('hex');
  return { calibration: row.calibration, image: { width: row.width, height: row.height }, projectId: row.project_id, walls, settings, hash };
}

export interface ProcessRequestOutcome {
  track: Track;
  /** False when nothing changed (already queued, processing, or processed from these inputs). */
  queued: boolean;
}

export async function requestProcessing(db: Database, trackId: string, now: Date): Promise<ProcessRequestOutcome | undefined> {
  return db.transaction(async (tx) => {
    const track = await getTrackRow(tx, trackId, true);
    if (!track) return undefined;
    if (!track.placed || track.status === 'queued' || track.status === 'processing') return { track: toTrack(track), queued: false };
    if (track.status === 'processed' && track.input_hash === (await inputsOf(tx, track)).hash) return { track: toTrack(track), queued: false };
    await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2, failure_reason = NULL, updated_at = $2 WHERE id = $1`, [trackId, now]);
    return { track: toTrack((await getTrackRow(tx, trackId))!), queued: true };
  });
}

export interface WorkerOptions {
  now?: () => Date;
  pollMs?: number;
  staleAfterMs?: number;
  onError?: (err: unknown) => void;
}

export class ProcessingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Whether this worker has taken back the tracks a dead process left `processing`. */
  private orphansRequeued = false;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: WorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Work now rather than at the next poll (after a request queued something). */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Runs until the queue is empty; resolves when idle. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.loop();
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await this.running;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running || this.stopped) return;
      this.running = this.loop();
      void this.running.finally(() => this.schedule(this.options.pollMs ?? 2000));
    }, ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      await this.requeueStale();
      while (!this.stopped) {
        const id = await this.claim();
        if (!id) break;
        await this.run(id);
      }
    } catch (err) {
      this.options.onError?.(err);
    } finally {
      this.running = undefined;
    }
  }

  private async requeueStale(): Promise<void> {
    let before = new Date(this.now().getTime() - (this.options.staleAfterMs ?? 10 * 60_000));
    // Without this, a track the killed process was running would wait out the whole stale period.
    const owned = this.db.ownedSince;
    const orphans = !this.orphansRequeued && owned !== undefined && owned > before;
    if (orphans) before = owned;
    await this.db.query(`UPDATE tracks SET status = 'queued', queued_at = $2, updated_at = $2 WHERE status = 'processing' AND started_at < $1`, [before, this.now()]);
    this.orphansRequeued = true;
  }

  private async claim(): Promise<string | undefined> {
    const r = await this.db.query<{ id: string }>(
      `UPDATE tracks SET status = 'processing', started_at = $1, updated_at = $1
       WHERE id = (SELECT id FROM tracks WHERE status = 'queued' ORDER BY queued_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [this.now()],
    );
    return r.rows[0]?.id;
  }

  private async run(trackId: string): Promise<void> {
    const started = performance.now();
    const claimed = await getTrackRow(this.db, trackId);
    if (!claimed) return;
    try {
      const inputs = await inputsOf(this.db, claimed);
      const data = await loadSamples(this.db, trackId);
      if (!data) throw new Error('the track has no stored samples');
      const samples = decodeSampleTable(data);
      // Encoded before processing, which may hand the columns to another thread.
      const corrected = correctOldNmcliLevels(claimed.format, samples) ? encodeSampleTable(samples) : undefined;
      const calibration = inputs.calibration ?? defaultCalibration(inputs.image);
      const result = await processTrackOnThread(samples, {
        image: inputs.image,
        metresPerPixel: new PlanTransform(calibration).scale,
        calibrated: inputs.calibration !== null,
        settings: inputs.settings,
        walls: inputs.walls,
      });
      const ms = Math.round(performance.now() - started);
      await this.db.transaction(async (tx) => {
        // Only if still ours: a deletion or a stale-requeue elsewhere wins.
        const current = await getTrackRow(tx, trackId, true);
        if (!current || current.status !== 'processing' || current.started_at?.getTime() !== claimed.started_at?.getTime()) return;
        if (corrected) await tx.query('UPDATE track_samples SET data = $2 WHERE track_id = $1', [trackId, corrected]);
        await replaceResults(tx, trackId, result);
        await tx.query(
          `UPDATE tracks SET status = 'processed', finished_at = $2, processing_ms = $3, input_hash = $4, result = $5::jsonb, failure_reason = NULL, updated_at = $2 WHERE id = $1`,
          [trackId, this.now(), ms, inputs.hash, JSON.stringify(summarise(result))],
        );
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await this.db.query(`UPDATE tracks SET status = 'failed', failure_reason = $2, finished_at = $3, updated_at = $3 WHERE id = $1 AND status = 'processing'`, [
        trackId,
        `Processing failed: ${reason}`,
        this.now(),
      ]);
      this.options.onError?.(err);
    }
  }
}
