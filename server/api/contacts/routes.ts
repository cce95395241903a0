/** A project's contacts. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, found, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { NoContent, PageOf } from '../http/response-schemas.js';
import { ContactChangeBody, ContactSchema, NewContactBody } from './contact-schema.js';
import { createContact, deleteContact, listContacts, updateContact } from './store.js';

const ProjectParams = Type.Object({ projectId: Type.String() });
const ContactParams = Type.Object({ contactId: Type.String() });
const tags = ['contacts'];

export async function registerContactRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/projects/:projectId/contacts',
    {
      schema: {
        tags,
        summary: "A project's contacts, by name",
        params: ProjectParams,
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), ...PageQueryFields }, { additionalProperties: false }),
        response: { 200: PageOf(ContactSchema) },
      },
    },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return listContacts(ctx.db, projectId, request.query.q, pageArgs(request.query));
    },
  );

  app.post(
    '/api/projects/:projectId/contacts',
    { schema: { tags, summary: 'Add a contact', params: ProjectParams, body: NewContactBody, response: { 201: ContactSchema } } },
    async (request, reply) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return reply.code(201).send(await createContact(ctx.db, projectId, { ...request.body, name: request.body.name.trim() }, ctx.now()));
    },
  );

  app.put(
    '/api/contacts/:contactId',
    { schema: { tags, summary: 'Change a contact', params: ContactParams, body: ContactChangeBody, response: { 200: ContactSchema } } },
    async (request) => {
      const id = checkId('contact', request.params.contactId);
      return found(await updateContact(ctx.db, id, { ...request.body, name: request.body.name?.trim() }, ctx.now()), 'contact', id);
    },
  );

  app.delete('/api/contacts/:contactId', { schema: { tags, summary: 'Delete a contact', params: ContactParams, response: { 204: NoContent } } }, async (request, reply) => {
    const id = checkId('contact', request.params.contactId);
    if (!(await deleteContact(ctx.db, id))) throw notFound('contact', id);
    return reply.code(204).send();
  });
}
