/**
 * The first time the API sees an identity (any call with its assertion), it copies the profile
 * from the identity service. The very first identity ever seen becomes the global administrator,
 * and owner of any organisation without members (the demo one seeded on first start), and
 * manager of those organisations' projects without members (the demo survey): a fresh
 * installation needs one, and whoever sets it up signs in first. Later administrators are
 * appointed by an administrator (`PUT /api/admin/users/{userId}`).
 */
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.js';
import type { IdentityAdmin } from '../identity/identity-admin.js';
import { ApiError } from '../http/api-error.js';
import { saveProfile } from './store.js';

/** Serialises first sightings, so two identities arriving at once cannot both become the first. */
const FIRST_ADMIN_LOCK = '7231987412';

export class KnownUsers {
  private readonly known = new LRUCache<string, true>({ max: 50_000 });

  constructor(
    private readonly db: Database,
    private readonly identities: IdentityAdmin,
    private readonly now: () => Date,
  ) {}

  async ensure(id: string): Promise<void> {
    if (this.known.has(id)) return;
    const present = await this.db.query('SELECT 1 FROM users WHERE identity_id = $1', [id]);
    if (present.rowCount === 0) await this.firstSight(id);
    this.known.set(id, true);
  }

  private async firstSight(id: string): Promise<void> {
    const profile = await this.identities.get(id);
    if (!profile) throw new ApiError(401, 'The identity of this request no longer exists');
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [FIRST_ADMIN_LOCK]);
      const first = (await tx.query('SELECT 1 FROM users LIMIT 1')).rowCount === 0;
      await saveProfile(tx, profile, this.now(), first ? 'admin' : 'user');
      if (first) {
        const adopted = await tx.query<{ org_id: string }>(
          `INSERT INTO org_members (org_id, user_id, role, created_at, updated_at)
           SELECT o.id, $1, 'owner', $2, $2 FROM orgs o WHERE NOT EXISTS (SELECT 1 FROM org_members m WHERE m.org_id = o.id)
           RETURNING org_id`,
          [id, this.now()],
        );
        // Their projects without people (the demo survey) get the first person as manager, so the
        // demo is under "My projects", the tab a first visit lands on.
        await tx.query(
          `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at)
           SELECT p.id, $1, 'manager', $2, $2 FROM projects p
            WHERE p.org_id = ANY($3::uuid[]) AND NOT EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id)`,
          [id, this.now(), adopted.rows.map((r) => r.org_id)],
        );
      }
    });
  }
}
