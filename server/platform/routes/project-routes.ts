/**
 * Ory Network's project endpoints for the installation's one project: list, read, replace,
 * patch (optionally against a revision), and the refusals to make or purge a project, plus the
 * revision history the screens list.
 */
import type { FastifyInstance } from 'fastify';
import type { Operation } from 'fast-json-patch';
import { actorOf } from '../actor.js';
import { findProject, type PlatformContext } from '../context.js';
import { PlatformError } from '../platform-error.js';
import { projectMetadataView, projectView, revisionView } from '../project-view.js';

const projectParam = { type: 'object', properties: { project_id: { type: 'string' } }, required: ['project_id'] };

const jsonPatch = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    properties: {
      op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' },
      from: { type: 'string' },
      value: {},
    },
    required: ['op', 'path'],
  },
};

const setProject = {
  type: 'object',
  properties: {
    name: {},
    services: {},
    cors_admin: {},
    cors_public: {},
    // Ory's SetProject carries organizations; this installation has none to set.
    organizations: { type: 'array', maxItems: 0 },
  },
  required: ['name', 'services', 'cors_admin', 'cors_public'],
};

export async function projectRoutes(app: FastifyInstance, context: PlatformContext): Promise<void> {
  app.get('/projects', async () => [projectMetadataView(await context.projects.get(), context.hosts)]);

  app.post('/projects', async () => {
    throw new PlatformError(403, 'This installation is one project: another cannot be created. Change this project through PUT or PATCH /projects/{project_id}');
  });

  app.get<{ Params: { project_id: string } }>('/projects/:project_id', { schema: { params: projectParam } }, async (request) =>
    projectView(await findProject(context, request.params.project_id)),
  );

  app.put<{ Params: { project_id: string }; Body: Record<string, unknown> }>('/projects/:project_id', { schema: { params: projectParam, body: setProject } }, async (request) => {
    const actor = actorOf(request);
    await findProject(context, request.params.project_id);
    const { organizations: _none, ...document } = request.body;
    return updated(await context.projects.replace(document, { actor: actor.text }));
  });

  app.patch<{ Params: { project_id: string }; Body: Operation[] }>('/projects/:project_id', { schema: { params: projectParam, body: jsonPatch } }, async (request) => {
    const actor = actorOf(request);
    await findProject(context, request.params.project_id);
    return updated(await context.projects.patch(request.body, { actor: actor.text }));
  });

  app.patch<{ Params: { project_id: string; revision_id: string }; Body: Operation[] }>(
    '/projects/:project_id/revision/:revision_id',
    { schema: { params: { ...projectParam, properties: { ...projectParam.properties, revision_id: { type: 'string' } } }, body: jsonPatch } },
    async (request) => {
      const actor = actorOf(request);
      await findProject(context, request.params.project_id);
      return updated(await context.projects.patch(request.body, { actor: actor.text, expectedRevision: request.params.revision_id }));
    },
  );

  app.delete<{ Params: { project_id: string } }>('/projects/:project_id', { schema: { params: projectParam } }, async (request) => {
    await findProject(context, request.params.project_id);
    throw new PlatformError(403, 'This project is the installation itself: it cannot purge itself. Remove the installation and its database instead');
  });

  app.get<{ Params: { project_id: string } }>('/projects/:project_id/revisions', { schema: { params: projectParam } }, async (request) => {
    await findProject(context, request.params.project_id);
    return (await context.projects.revisions()).map(revisionView);
  });
}

/** Ory's SuccessfulProjectUpdate; every key given is applied, so there is never a warning. */
function updated(project: Parameters<typeof projectView>[0]) {
  return { project: projectView(project), warnings: [] };
}
