/**
 * The installation's one project and its configuration's history. Every change runs in one
 * transaction holding the project row's lock: concurrent changes apply one after the other,
 * each to the configuration the one before left, and a change made against a revision that has
 * moved on is refused instead of silently undoing what came between.
 */
import { randomUUID } from 'node:crypto';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { Database, Queryable } from '../db/database.js';
import type { ProjectDocument, ProjectDocumentValidator } from './config-schema.js';
import { PlatformError } from './platform-error.js';
import { keepStoredSecrets } from './provider-secrets.js';
import { recordRevision } from './audit.js';

export interface ProjectRecord {
  id: string;
  slug: string;
  revisionId: string;
  document: ProjectDocument;
  createdAt: Date;
  updatedAt: Date;
}

export interface Revision {
  id: string;
  projectId: string;
  /** `identity:<id>` or `api-key:<id>`; `installation` for the first configuration. */
  actor: string;
  patch: Operation[];
  document: ProjectDocument;
  createdAt: Date;
}

export interface Change {
  actor: string;
  /** Refuse with 409 unless the project is still at this revision. */
  expectedRevision?: string;
}

interface ProjectRow {
  id: string;
  slug: string;
  revision_id: string;
  document: ProjectDocument;
  created_at: Date;
  updated_at: Date;
}

interface RevisionRow {
  id: string;
  project_id: string;
  actor: string;
  patch: Operation[];
  document: ProjectDocument;
  created_at: Date;
}

const toProject = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  slug: row.slug,
  revisionId: row.revision_id,
  document: row.document,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toRevision = (row: RevisionRow): Revision => ({
  id: row.id,
  projectId: row.project_id,
  actor: row.actor,
  patch: row.patch,
  document: row.document,
  createdAt: row.created_at,
});

const PROJECT_COLUMNS = 'id, slug, revision_id, document, created_at, updated_at';

/** Made from the id, so that it never changes and no two installations sharing a database name clash. */
function slugOf(id: string): string {
  return `sitewave-${id.slice(0, 8)}`;
}

export class ProjectStore {
  private readonly listeners: ((record: ProjectRecord) => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly validator: ProjectDocumentValidator,
  ) {}

  /** The project, made with `initial` the first time; instances starting together make one. */
  async ensure(initial: ProjectDocument): Promise<ProjectRecord> {
    const problem = this.validator.problem(initial);
    if (problem) throw new Error(`The project's first configuration is not valid: ${problem}`);
    return this.db.transaction(async (tx) => {
      const id = randomUUID();
      const revisionId = randomUUID();
      const made = await tx.query<ProjectRow>(
        `INSERT INTO project (id, slug, revision_id, document) VALUES ($1, $2, $3, $4) ON CONFLICT (singleton) DO NOTHING RETURNING ${PROJECT_COLUMNS}`,
        [id, slugOf(id), revisionId, JSON.stringify(initial)],
      );
      if (made.rows[0]) {
        const patch = jsonPatch.compare({}, initial);
        await tx.query('INSERT INTO revisions (id, project_id, actor, patch, document) VALUES ($1, $2, $3, $4, $5)', [
          revisionId,
          id,
          'installation',
          JSON.stringify(patch),
          JSON.stringify(initial),
        ]);
        return toProject(made.rows[0]);
      }
      return toProject((await tx.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM project`)).rows[0]!);
    });
  }

  /** Called with each revision this store saves, after it committed. */
  whenSaved(listener: (record: ProjectRecord) => void): void {
    this.listeners.push(listener);
  }

  async get(): Promise<ProjectRecord> {
    const row = (await this.db.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM project`)).rows[0];
    if (!row) throw new Error('The project has not been made: call ensure() at start');
    return toProject(row);
  }

  /** Applies a JSON Patch to the document; a patch that fails or leaves an invalid document changes nothing. */
  patch(operations: readonly Operation[], change: Change): Promise<ProjectRecord> {
    return this.change(change, (current) => {
      let next: unknown;
      try {
        next = jsonPatch.applyPatch(current, operations, true, false, true).newDocument;
      } catch (error) {
        throw new PlatformError(400, patchProblem(error));
      }
      return { next: keepStoredSecrets(current, next), patch: [...operations] };
    });
  }

  /** Replaces the document (PUT); the revision records the patch that turns the old one into it. */
  replace(document: unknown, change: Change): Promise<ProjectRecord> {
    return this.change(change, (current) => {
      const next = keepStoredSecrets(current, document) as object;
      return { next, patch: jsonPatch.compare(current, next) };
    });
  }

  async revisions(limit = 100): Promise<Revision[]> {
    const rows = await this.db.query<RevisionRow>('SELECT id, project_id, actor, patch, document, created_at FROM revisions ORDER BY created_at DESC, id LIMIT $1', [limit]);
    return rows.rows.map(toRevision);
  }

  private async change(change: Change, edit: (current: ProjectDocument) => { next: unknown; patch: Operation[] }): Promise<ProjectRecord> {
    const saved = await this.db.transaction(async (tx) => {
      const current = await this.locked(tx);
      if (change.expectedRevision !== undefined && change.expectedRevision !== current.revisionId) {
        throw new PlatformError(
          409,
          `The project is at revision ${current.revisionId}, not ${change.expectedRevision}: read it again and apply the change to the current revision`,
        );
      }
      const { next, patch } = edit(current.document);
      const problem = this.validator.problem(next);
      if (problem) throw new PlatformError(400, problem);
      const revisionId = randomUUID();
      await tx.query('INSERT INTO revisions (id, project_id, actor, patch, document) VALUES ($1, $2, $3, $4, $5)', [
        revisionId,
        current.id,
        change.actor,
        JSON.stringify(patch),
        JSON.stringify(next),
      ]);
      await recordRevision(tx, change.actor, revisionId, patch);
      const updated = await tx.query<ProjectRow>(`UPDATE project SET document = $1, revision_id = $2, updated_at = now() RETURNING ${PROJECT_COLUMNS}`, [
        JSON.stringify(next),
        revisionId,
      ]);
      return toProject(updated.rows[0]!);
    });
    for (const listener of this.listeners) listener(saved);
    return saved;
  }

  private async locked(tx: Queryable): Promise<ProjectRecord> {
    const row = (await tx.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM project FOR UPDATE`)).rows[0];
    if (!row) throw new Error('The project has not been made: call ensure() at start');
    return toProject(row);
  }
}

/** fast-json-patch's errors, as a sentence naming the operation and its path. */
function patchProblem(error: unknown): string {
  const failed = error as { name?: string; index?: number; operation?: { op?: string; path?: string } };
  const where = failed.operation?.path !== undefined ? ` at ${failed.operation.path}` : '';
  const which = failed.index !== undefined ? `Operation ${failed.index} (${failed.operation?.op ?? 'unknown'}${where})` : 'The patch';
  switch (failed.name) {
    case 'TEST_OPERATION_FAILED':
      return `${which}: the test failed, the value there is different`;
    case 'OPERATION_PATH_UNRESOLVABLE':
      return `${which}: nothing is at that path`;
    case 'OPERATION_FROM_UNRESOLVABLE':
      return `${which}: nothing is at its "from" path`;
    case 'OPERATION_VALUE_REQUIRED':
      return `${which}: a value is required`;
    case 'OPERATION_OP_INVALID':
      return `${which}: "op" must be add, remove, replace, move, copy or test`;
    default:
      return `${which} cannot be applied: ${(error as Error).message.split('\n')[0]}`;
  }
}
