/**
 * `npm run seed`: the demo survey afresh. The demo organisation keeps its id and its members
 * (people who joined it stay in it); its demo project is deleted with its stored files and
 * generated again. Without a demo organisation, one is created.
 */
import { randomUUID } from 'node:crypto';
import { deleteProject } from '../projects/store.js';
import { blobKeysOfProject, deleteSurveyBlobs } from '../survey/blob-keys.js';
import type { SurveyContext } from '../survey/context.js';
import { DEMO_ORG_NAME } from './demo-org.js';
import { DEMO_PROJECT_NAME, seedDemoSurvey } from './demo-survey.js';

export async function recreateDemo(ctx: SurveyContext): Promise<{ orgId: string; projectId: string; created: boolean }> {
  const now = ctx.now();
  let orgId = (await ctx.db.query<{ id: string }>('SELECT id FROM orgs WHERE name = $1 ORDER BY created_at LIMIT 1', [DEMO_ORG_NAME])).rows[0]?.id;
  const created = !orgId;
  if (!orgId) {
    orgId = randomUUID();
    await ctx.db.query(
      `INSERT INTO orgs (id, name, legal_name, email, street, postal_code, city, country, created_at, updated_at)
       VALUES ($1, $2, 'Sitewave Demo Ltd', 'demo@example.com', 'Example Street 1', '10115', 'Berlin', 'DE', $3, $3)`,
      [orgId, DEMO_ORG_NAME, now],
    );
  }
  const old = (await ctx.db.query<{ id: string }>('SELECT id FROM projects WHERE org_id = $1 AND name = $2', [orgId, DEMO_PROJECT_NAME])).rows;
  const keys: string[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const { id } of old) {
      keys.push(...(await blobKeysOfProject(tx, id)));
      await deleteProject(tx, id);
    }
  });
  // Files go only after the rows: a failure in between leaves orphaned files, never rows without files.
  await deleteSurveyBlobs(ctx, keys);
  // The organisation's owners manage the new project as they did the old one.
  const owner = (await ctx.db.query<{ user_id: string }>(`SELECT user_id FROM org_members WHERE org_id = $1 AND role = 'owner' ORDER BY created_at LIMIT 1`, [orgId])).rows[0];
  const project = await seedDemoSurvey(ctx, orgId, owner?.user_id ?? null);
  return { orgId, projectId: project.id, created };
}
