/**
 * Issued tokens' saves, sent together. Each save writes the token's row and appends its audit
 * event (save_model_with_event, migration 8). Saves that arrive while one statement is under way
 * wait for it, and go next as one statement: one round trip, one plan lookup and one commit for
 * all of them, each row still written with its event, in the same transaction. Under load, a
 * round trip and a commit were most of a save's cost (PostgreSQL: the socket write alone was a
 * sixth of a token request's CPU; PGlite runs the executor's per-statement work in WebAssembly).
 *
 * A statement that fails changed nothing; its saves are tried again one by one, so a save fails
 * only for a reason of its own.
 */
import { AUDIT_INBOX_TYPES } from '../../audit/chain.js';
import type { Queryable } from '../../db/database.js';

/** The types of the row's part of save_model_with_event's arguments (the adapter's upsert parameters). */
const SAVED_ROW_TYPES = ['text', 'text', 'jsonb', 'text', 'text', 'text', 'text', 'text', 'timestamptz'] as const;

const TYPES = [...SAVED_ROW_TYPES, ...AUDIT_INBOX_TYPES];
/** Saves per statement: their parameters stay far below PostgreSQL's 65 535. */
const MAX_BATCH = 64;

interface Pending {
  params: readonly unknown[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class RecordedSaves {
  private queued: Pending[] = [];
  private sending = false;
  private readonly statements = new Map<number, string>();

  constructor(private readonly db: Queryable) {}

  /** The row's parameters then the event's; settles once the statement that saved them is committed. */
  save(params: readonly unknown[]): Promise<void> {
    if (params.length !== TYPES.length) return Promise.reject(new Error(`a recorded save takes ${TYPES.length} parameters, not ${params.length}`));
    return new Promise((resolve, reject) => {
      this.queued.push({ params, resolve, reject });
      // A turn of the event loop first: PGlite runs a statement without yielding, so saves of
      // requests already read would otherwise never find one under way to wait for.
      if (!this.sending) {
        this.sending = true;
        setImmediate(() => void this.sendQueued());
      }
    });
  }

  private async sendQueued(): Promise<void> {
    try {
      while (this.queued.length > 0) await this.send(this.queued.splice(0, MAX_BATCH));
    } finally {
      this.sending = false;
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      await this.db.query(
        this.statement(batch.length),
        batch.flatMap((save) => save.params),
      );
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const save of batch) await this.send([save]);
      return;
    }
    for (const save of batch) save.resolve();
  }

  /** One call per save, evaluated in order (the events' order in the chain). */
  private statement(count: number): string {
    let text = this.statements.get(count);
    if (!text) {
      const calls = Array.from({ length: count }, (_, at) => {
        const args = TYPES.map((type, i) => `$${at * TYPES.length + i + 1}::${type}`).join(', ');
        return `(save_model_with_event(${args}))`;
      });
      text = `SELECT count(*) AS saved FROM (VALUES ${calls.join(', ')}) AS saves (seq)`;
      this.statements.set(count, text);
    }
    return text;
  }
}
