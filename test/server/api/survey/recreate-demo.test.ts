/**
 * `npm run seed`: the demo survey comes back whole, in the same organisation with the same
 * members, and the replaced project's files are gone from the blob store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORG_NAME } from '../../../../server/api/demo/demo-org.js';
import { DEMO_PROJECT_NAME } from '../../../../server/api/demo/demo-survey.js';
import { recreateDemo } from '../../../../server/api/demo/recreate-demo.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

describe('recreating the demo survey', () => {
  let t: SurveyTestApp;

  beforeAll(async () => {
    t = await startSurveyApp('pglite');
  });
  afterAll(async () => t?.close());

  it('creates the demo organisation when there is none, then replaces only its demo project', async () => {
    const first = await recreateDemo(t.ctx);
    expect(first.created).toBe(true);
    const owner = randomUUID();
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'owner')`, [first.orgId, owner]);
    const filesBefore = await t.blobs.files();
    expect(filesBefore.length).toBeGreaterThan(0);

    const second = await recreateDemo(t.ctx);
    expect(second).toMatchObject({ orgId: first.orgId, created: false });
    expect(second.projectId).not.toBe(first.projectId);
    const orgs = await t.db.query('SELECT id FROM orgs WHERE name = $1', [DEMO_ORG_NAME]);
    expect(orgs.rowCount).toBe(1);
    const projects = await t.db.query<{ id: string }>('SELECT id FROM projects WHERE org_id = $1 AND name = $2', [first.orgId, DEMO_PROJECT_NAME]);
    expect(projects.rows.map((r) => r.id)).toEqual([second.projectId]);
    // The member stays, and manages the new project.
    const manager = await t.db.query('SELECT role FROM project_members WHERE project_id = $1 AND user_id = $2', [second.projectId, owner]);
    expect(manager.rows).toEqual([{ role: 'manager' }]);
    const tracks = await t.db.query<{ status: string }>('SELECT t.status FROM tracks t JOIN floors f ON f.id = t.floor_id WHERE f.project_id = $1', [second.projectId]);
    expect(tracks.rows.map((r) => r.status)).toEqual(['processed', 'processed']);
    // As many files as one demo survey has: the old project's are deleted.
    expect((await t.blobs.files()).length).toBe(filesBefore.length);
  });
});
