/**
 * oidc-provider's storage on the project's database: every model (Client, AuthorizationCode,
 * AccessToken, RefreshToken, Grant, Session, Interaction…) is a row of `models`. Expired rows
 * read as absent at once and are deleted by the sweep in maintenance.ts.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Queryable } from '../db/database.js';
import type { LookupKind, ModelCache, ReadRow } from './store/model-cache.js';

/** Writes what a save of this model means to the audit trail, in the save's own transaction (audit.ts). */
export type SaveRecorder = (tx: Queryable, payload: AdapterPayload) => Promise<unknown>;

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
  expires_at: Date | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

function withConsumed(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
}

export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Queryable,
    private readonly model: string,
    /** Applied to every payload before it is written (client-secrets.ts hashes a client's secret). */
    private readonly seal: (payload: AdapterPayload) => AdapterPayload = (payload) => payload,
    /** Rows kept in memory (model-cache.ts): only where this process is the only writer, and then `db` is not watched. */
    private readonly cache?: ModelCache,
    /** Given for the models whose saves are events (tokens issued): the row and its event commit together. */
    private readonly recorder?: { db: Database; record: SaveRecorder },
  ) {}

  /** Runs a write of row `id`, ending what is kept of it before and after (a read that overlapped it is not kept). */
  private async writing<T>(id: string | undefined, movesOtherLookups: boolean, write: () => Promise<T>): Promise<T> {
    const forget = () => (id === undefined ? this.cache?.clear() : this.cache?.wrote(this.model, id, movesOtherLookups));
    forget();
    try {
      return await write();
    } finally {
      forget();
    }
  }

  private async read(kind: LookupKind, value: string, column: string): Promise<AdapterPayload | undefined> {
    const select = async (): Promise<ReadRow> => {
      const result = await this.db.query<Row>(`SELECT payload, consumed_at, expires_at FROM models WHERE model = $1 AND ${column} = $2 AND ${LIVE}`, [this.model, value]);
      const row = result.rows[0];
      return { payload: withConsumed(row), expiresAt: row?.expires_at ? row.expires_at.getTime() : null };
    };
    if (!this.cache) return (await select()).payload;
    return this.cache.find(this.model, kind, value, select);
  }

  async upsert(id: string, unsealed: AdapterPayload, expiresIn?: number): Promise<void> {
    const payload = this.seal(unsealed);
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    // Clients carry Hydra's listing fields, which live in columns to filter on.
    const clientName = this.model === 'Client' ? (payload.client_name ?? null) : null;
    const owner = this.model === 'Client' ? ((payload.owner as string | undefined) ?? null) : null;
    // A row found by uid or user code may have had other ones before: those lookups all end.
    const movesOtherLookups = payload.uid !== undefined || payload.userCode !== undefined || this.model === 'Session' || this.model === 'Interaction';
    const write = async (q: Queryable): Promise<void> => {
      await q.query(
        `INSERT INTO models (model, id, payload, grant_id, uid, user_code, client_name, owner, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         user_code = EXCLUDED.user_code, client_name = EXCLUDED.client_name, owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at`,
        [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, clientName, owner, expiresAt],
      );
    };
    const recorder = this.recorder;
    await this.writing(id, movesOtherLookups, () =>
      recorder
        ? recorder.db.transaction(async (tx) => {
            await write(tx);
            await recorder.record(tx, unsealed);
          })
        : write(this.db),
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.read('id', id, 'id');
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.read('uid', uid, 'uid');
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.read('userCode', userCode, 'user_code');
  }

  async consume(id: string): Promise<void> {
    await this.writing(id, true, () => this.db.query('UPDATE models SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]));
  }

  async destroy(id: string): Promise<void> {
    await this.writing(id, true, () => this.db.query('DELETE FROM models WHERE model = $1 AND id = $2', [this.model, id]));
  }

  /**
   * Every token of a grant goes together, whatever its model (oidc-provider calls this on one
   * model). Not a pending interaction that names the grant: ending the provider's sign-in of one
   * account on the way to another revokes that grant, and the authorization must carry on.
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.writing(undefined, true, () => this.db.query("DELETE FROM models WHERE grant_id = $1 AND model <> 'Interaction'", [grantId]));
  }
}
