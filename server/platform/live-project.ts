/**
 * The project as the embedded services of this instance see it, kept current without a restart:
 * - a change saved through this instance's platform service is taken at once, before its
 *   answer leaves, so the next request anywhere on this instance sees it;
 * - on PostgreSQL, a change saved by another instance is heard through the platform schema's
 *   change triggers, and each service waits for the new revision to be read before it answers
 *   its next request. While that connection is down the project is read again at most every
 *   UNHEARD_REREAD_MS.
 * On PGlite this process is the only writer, so the first case is all there is.
 */
import { CHANGE_CHANNEL, installChangeTriggers } from '../db/change-triggers.js';
import type { Database } from '../db/database.js';
import type { ProjectRecord, ProjectStore } from './project-store.js';
import type { SettingsSource } from './project-settings.js';

export const UNHEARD_REREAD_MS = 1_000;

export class LiveProject {
  private stale = false;
  private hearing: boolean;
  private readAt = Date.now();
  private reading: Promise<void> | undefined;
  private stopHearing: () => Promise<void> = async () => undefined;

  private constructor(
    private readonly store: ProjectStore,
    private record: ProjectRecord,
    soleWriter: boolean,
  ) {
    this.hearing = soleWriter;
  }

  static async open(db: Database, store: ProjectStore): Promise<LiveProject> {
    const live = new LiveProject(store, await store.get(), db.kind === 'pglite');
    if (db.kind === 'postgres' && db.listen) {
      await installChangeTriggers(db, db.schema);
      live.stopHearing = db.listen(CHANGE_CHANNEL, {
        notified: (schema) => {
          if (schema === db.schema) live.stale = true;
        },
        live: (on) => {
          live.hearing = on;
          // What changed while nobody listened is read at the next request.
          live.stale = true;
        },
      });
    }
    return live;
  }

  current(): ProjectRecord {
    return this.record;
  }

  /** A revision this instance saved: taken at once. */
  saved(record: ProjectRecord): void {
    this.record = record;
    this.readAt = Date.now();
  }

  /** Resolves once the project read is the latest this instance can know of. */
  fresh(): Promise<void> {
    const due = this.stale || (!this.hearing && Date.now() - this.readAt >= UNHEARD_REREAD_MS);
    if (!due) return Promise.resolve();
    this.reading ??= this.reread().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Settings derived from the project, worked out again only when the revision changes. */
  settings<T>(derive: (record: ProjectRecord) => T): SettingsSource<T> {
    let revision: string | undefined;
    let value: T;
    return {
      current: () => {
        if (revision !== this.record.revisionId) {
          value = derive(this.record);
          revision = this.record.revisionId;
        }
        return value;
      },
      fresh: () => this.fresh(),
    };
  }

  close(): Promise<void> {
    return this.stopHearing();
  }

  private async reread(): Promise<void> {
    // Cleared before the read: a change heard while reading makes the next request read again.
    this.stale = false;
    const readAt = Date.now();
    try {
      const record = await this.store.get();
      // A revision this instance saved while the read was under way is newer than what it read.
      if (record.updatedAt >= this.record.updatedAt) this.record = record;
      this.readAt = readAt;
    } catch {
      // The database is away: the services keep answering with the last configuration read.
      this.stale = true;
    }
  }
}
