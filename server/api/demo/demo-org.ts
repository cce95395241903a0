/**
 * The demo organisation a fresh installation starts with: an organisation holding the demo
 * survey (server/api/demo/demo-survey.ts) and two devices (demo-devices.ts), created when the API starts with no organisation at
 * all. It has no members until the first identity signs in, who becomes its owner along with
 * global administrator (users/known-users.ts), so the person setting up sees heatmaps at once.
 */
import type { SurveyContext } from '../survey/context.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoSurvey } from './demo-survey.js';
import { randomUUID } from 'node:crypto';

export const DEMO_ORG_NAME = 'Sitewave demo';

/** Undefined when organisations exist already (not a first start). */
export async function seedDemoOrgOnFirstStart(ctx: SurveyContext): Promise<string | undefined> {
  const any = await ctx.db.query('SELECT 1 FROM orgs LIMIT 1');
  if (any.rowCount > 0) return undefined;
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db.query(
    `INSERT INTO orgs (id, name, legal_name, email, street, postal_code, city, country, created_at, updated_at)
     VALUES ($1, $2, 'Sitewave Demo Ltd', 'demo@example.com', 'Example Street 1', '10115', 'Berlin', 'DE', $3, $3)`,
    [id, DEMO_ORG_NAME, now],
  );
  await seedDemoSurvey(ctx, id, null);
  await seedDemoDevices(ctx.db, id, now);
  return id;
}
