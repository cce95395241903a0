/**
 * oidc-provider's storage on the project's database: every model (Client, AuthorizationCode,
 * AccessToken, RefreshToken, Grant, Session, Interaction…) is a row of `models`. Expired rows
 * read as absent at once and are deleted by the sweep in maintenance.ts.
 */
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import type { AuditAppend } from '../audit/chain.js';
import type { Queryable } from '../db/database.js';
import type { LookupKind, ModelCache, ReadRow } from './store/model-cache.js';
import type { RecordedSaves } from './store/recorded-saves.js';
import { TOKEN_COMPANIONS, type RequestRows } from './store/request-rows.js';

/** The audit event a save of this model is (audit.ts): written by the save's own statement. */
export type SaveRecorder = (payload: AdapterPayload) => AuditAppend;

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
  expires_at: Date | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

export interface AdapterOptions {
  /** Applied to every payload before it is written (client-secrets.ts hashes a client's secret). */
  seal?: (payload: AdapterPayload) => AdapterPayload;
  /** Rows kept in memory (model-cache.ts): only where this process is the only writer, and then `db` is not watched. */
  cache?: ModelCache;
  /** Given for the models whose saves are events (tokens issued): the row and its event are saved together, with others (recorded-saves.ts). */
  recorded?: { record: SaveRecorder; saves: RecordedSaves };
  /** Where nothing is kept in memory: an access token's lookup reads the rows the request reads next beside it (request-rows.ts). */
  requestRows?: RequestRows;
}

function withConsumed(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
}

export class DatabaseAdapter implements Adapter {
  private readonly seal: (payload: AdapterPayload) => AdapterPayload;
  private readonly cache?: ModelCache;
  private readonly recorded?: { record: SaveRecorder; saves: RecordedSaves };
  private readonly requestRows?: RequestRows;

  constructor(
    private readonly db: Queryable,
    private readonly model: string,
    options: AdapterOptions = {},
  ) {
    this.seal = options.seal ?? ((payload) => payload);
    this.cache = options.cache;
    this.recorded = options.recorded;
    this.requestRows = options.requestRows;
  }

  /** Runs a write of row `id`, ending what is kept of it before and after (a read that overlapped it is not kept). */
  private async writing<T>(id: string | undefined, movesOtherLookups: boolean, write: () => Promise<T>): Promise<T> {
    const request = Provider.ctx;
    if (request) this.requestRows?.forget(request);
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
    const request = this.requestRows && Provider.ctx;
    if (this.requestRows && request) {
      const kept = this.requestRows.take(request, this.model, kind, value);
      if (kept) return kept.expiresAt === null || kept.expiresAt > Date.now() ? kept.payload : undefined;
      if (this.model === 'AccessToken' && kind === 'id') return this.readTokenWithCompanions(this.requestRows, request, value);
    }
    if (!this.cache) return (await select()).payload;
    return this.cache.find(this.model, kind, value, select);
  }

  /** The access token and, in the same statement, the session, client and grant the request reads next. */
  private async readTokenWithCompanions(requestRows: RequestRows, request: object, id: string): Promise<AdapterPayload | undefined> {
    const companions = TOKEN_COMPANIONS.map(
      ({ model, kind, match }) =>
        `SELECT '${model}' AS model, '${kind}' AS kind, m.${kind} AS value, m.payload, m.consumed_at, m.expires_at
         FROM models m, token WHERE m.model = '${model}' AND ${match} AND (m.expires_at IS NULL OR m.expires_at > now())`,
    );
    const result = await this.db.query<Row & { model: string; kind: LookupKind; value: string }>(
      `WITH token AS (SELECT id, payload, consumed_at, expires_at, grant_id FROM models WHERE model = $1 AND id = $2 AND ${LIVE})
       SELECT $1::text AS model, 'id' AS kind, token.id AS value, token.payload, token.consumed_at, token.expires_at FROM token
       ${companions.map((select) => `UNION ALL ${select}`).join('\n       ')}`,
      [this.model, id],
    );
    const rows = result.rows.map((row) => ({
      model: row.model,
      kind: row.kind,
      value: row.value,
      row: { payload: withConsumed(row)!, expiresAt: row.expires_at ? row.expires_at.getTime() : null },
    }));
    const token = rows.find((row) => row.model === this.model);
    if (!token) return undefined;
    requestRows.keep(
      request,
      rows.filter((row) => row !== token),
    );
    return token.row.payload;
  }

  async upsert(id: string, unsealed: AdapterPayload, expiresIn?: number): Promise<void> {
    const payload = this.seal(unsealed);
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    // Clients carry Hydra's listing fields, which live in columns to filter on.
    const clientName = this.model === 'Client' ? (payload.client_name ?? null) : null;
    const owner = this.model === 'Client' ? ((payload.owner as string | undefined) ?? null) : null;
    // A row found by uid or user code may have had other ones before: those lookups all end.
    const movesOtherLookups = payload.uid !== undefined || payload.userCode !== undefined || this.model === 'Session' || this.model === 'Interaction';
    const params = [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, clientName, owner, expiresAt];
    const save = `INSERT INTO models (model, id, payload, grant_id, uid, user_code, client_name, owner, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         user_code = EXCLUDED.user_code, client_name = EXCLUDED.client_name, owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at`;
    // A token's row and its audit event in one statement, atomic without a transaction around it:
    // BEGIN and COMMIT around them were two of the four statements of every token issued.
    // The same upsert, by a function of the store (migration 7), with the tokens issued meanwhile.
    const recorded = this.recorded;
    const event = recorded?.record(unsealed);
    await this.writing(id, movesOtherLookups, async () => {
      if (recorded && event) await recorded.saves.save([...params, ...event.params]);
      else await this.db.query(save, params);
    });
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
