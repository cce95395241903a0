/**
 * Where each service's trail lives, read by the API for global administrators. The embedded
 * services share the API's database, each in its own schema (`identity`, `oauth2`, … beside `api`,
 * or `<api schema>_<service>` beside another API schema); a service that runs elsewhere (a hosted
 * identity service, say) keeps its trail there, and this one answers 404 for it.
 */
import type { AuditTrail } from '../../../shared/audit-actions.js';
import { sealAuditEvents } from '../../audit/chain.js';
import type { AuditSealer } from '../../audit/sealer.js';
import type { Database } from '../../db/database.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import { ApiError } from '../http/api-error.js';

export interface TrailSource {
  /** The schema to name, or undefined for the API's own (the handle's search path). */
  schema: string | undefined;
  /** The events table, qualified where it is another service's. */
  table: string;
}

export function trailSchema(apiSchema: string, trail: Exclude<AuditTrail, 'api'>): string {
  return apiSchema === 'api' ? trail : `${apiSchema}_${trail}`;
}

export class AuditTrails {
  /** Trails found once stay found: a schema is not dropped under a running service. */
  private readonly present = new Set<AuditTrail>(['api']);

  constructor(
    private readonly db: Database,
    private readonly apiSchema: string,
    /** The API's own: it logs what it seals for a SIEM. */
    private readonly sealer: AuditSealer,
  ) {}

  /** Where the trail is, with what has committed to it sealed into its chain: a read then misses nothing. */
  async source(trail: AuditTrail = 'api'): Promise<TrailSource> {
    if (trail === 'api') {
      await this.sealer.seal();
      return { schema: undefined, table: 'audit_events' };
    }
    const schema = trailSchema(this.apiSchema, trail);
    const table = `${quoteIdentifier(schema)}.audit_events`;
    if (!this.present.has(trail)) {
      const found = await this.db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table]);
      if (!found.rows[0]?.found) throw new ApiError(404, `The ${trail} service keeps no audit trail in this database: it runs elsewhere and keeps its trail there`);
      this.present.add(trail);
    }
    await sealAuditEvents(this.db, schema);
    return { schema, table };
  }
}
