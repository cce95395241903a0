/** A project's contacts. */
import type { FastifyInstance } from 'fastify';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found, notFound } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { createContact, deleteContact, listContacts, updateContact, type ContactInput } from './store.js';

const CONTACT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    role: { type: 'string', maxLength: 200 },
    company: { type: 'string', maxLength: 200 },
    email: { anyOf: [{ type: 'string', format: 'email', maxLength: 320 }, { type: 'string', maxLength: 0 }] },
    phone: { type: 'string', maxLength: 50, pattern: '^[0-9+()./\\s-]*$' },
    notes: { type: 'string', maxLength: 5000 },
  },
} as const;

export async function registerContactRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get<{ Params: { projectId: string }; Querystring: { q?: string; page?: number; per_page?: number } }>(
    '/api/projects/:projectId/contacts',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 200 }, ...PAGE_QUERY_SCHEMA } } } },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return listContacts(ctx.db, projectId, request.query.q, pageArgs(request.query));
    },
  );

  app.post<{ Params: { projectId: string }; Body: ContactInput }>(
    '/api/projects/:projectId/contacts',
    { schema: { body: { ...CONTACT_BODY, required: ['name'] } } },
    async (request, reply) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return reply.code(201).send(await createContact(ctx.db, projectId, { ...request.body, name: request.body.name.trim() }, ctx.now()));
    },
  );

  app.put<{ Params: { contactId: string }; Body: Partial<ContactInput> }>(
    '/api/contacts/:contactId',
    { schema: { body: { ...CONTACT_BODY, minProperties: 1 } } },
    async (request) => {
      const id = checkId('contact', request.params.contactId);
      return found(await updateContact(ctx.db, id, { ...request.body, name: request.body.name?.trim() }, ctx.now()), 'contact', id);
    },
  );

  app.delete<{ Params: { contactId: string } }>('/api/contacts/:contactId', async (request, reply) => {
    const id = checkId('contact', request.params.contactId);
    if (!(await deleteContact(ctx.db, id))) throw notFound('contact', id);
    return reply.code(204).send();
  });
}
