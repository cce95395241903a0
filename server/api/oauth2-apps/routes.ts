/**
 * OAuth2 applications (the provider's clients) for global administrators: list, create (the
 * secret is in that answer only), read, replace, delete (the provider takes the application's
 * tokens with it), and a new secret. The provider keeps them; this is its admin API in the API's words.
 */
import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, found, notFound } from '../http/api-error.js';
import { NoContent } from '../http/response-schemas.js';
import { checkApplication, replaceableFields, toApplication, toProviderClient } from './application-view.js';
import type { ProviderAdmin } from './provider-admin.js';
import { ApplicationInput, ApplicationListQuery, ApplicationPageSchema, ApplicationSchema, ClientParams, CreatedApplicationSchema, SecretSchema } from './schemas.js';

const tags = ['oauth2'];
const BASE = '/api/admin/oauth2/applications';

/** 256 bits, URL-safe: usable in a Basic header and a form body without escaping. */
const newSecret = () => randomBytes(32).toString('base64url');

export async function registerOAuth2ApplicationRoutes(fastify: FastifyInstance, provider: ProviderAdmin): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'OAuth2 applications, one page at a time, optionally those with one name',
        querystring: ApplicationListQuery,
        response: { 200: ApplicationPageSchema },
      },
    },
    async (request) => {
      const page = await provider.listClients({ pageSize: request.query.pageSize ?? 50, pageToken: request.query.pageToken, name: request.query.name });
      return { items: page.items.map(toApplication), nextPageToken: page.nextPageToken };
    },
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Register an OAuth2 application; its secret is in this answer and never again',
        body: ApplicationInput,
        response: { 201: CreatedApplicationSchema },
      },
    },
    async (request, reply) => {
      checkApplication(request.body);
      const client = toProviderClient(request.body);
      // The API makes the secret rather than the provider, so its strength does not depend on which provider is configured.
      if (request.body.tokenEndpointAuthMethod !== 'none') client.client_secret = newSecret();
      const created = await provider.createClient(client);
      return reply.code(201).send({ application: toApplication(created), clientSecret: created.client_secret ?? client.client_secret ?? null });
    },
  );

  app.get(BASE + '/:clientId', { schema: { tags, summary: 'One OAuth2 application', params: ClientParams, response: { 200: ApplicationSchema } } }, async (request) => {
    const { clientId } = request.params;
    return toApplication(found(await provider.getClient(clientId), 'application', clientId));
  });

  app.put(
    BASE + '/:clientId',
    {
      schema: { tags, summary: 'Replace what an OAuth2 application may do; its secret stays', params: ClientParams, body: ApplicationInput, response: { 200: ApplicationSchema } },
    },
    async (request) => {
      const { clientId } = request.params;
      checkApplication(request.body);
      const current = found(await provider.getClient(clientId), 'application', clientId);
      // Becoming confidential needs a secret nobody has been shown; a new application is clearer than a hidden one.
      if (current.token_endpoint_auth_method === 'none' && request.body.tokenEndpointAuthMethod !== 'none') {
        throw new ApiError(409, 'A public application cannot become confidential: register a new application for the secret');
      }
      const replaced = await provider.replaceClient(clientId, toProviderClient(request.body, replaceableFields(current)));
      return toApplication(found(replaced, 'application', clientId));
    },
  );

  app.delete(
    BASE + '/:clientId',
    { schema: { tags, summary: 'Delete an OAuth2 application and every token issued to it', params: ClientParams, response: { 204: NoContent } } },
    async (request, reply) => {
      if (!(await provider.deleteClient(request.params.clientId))) throw notFound('application', request.params.clientId);
      return reply.code(204).send();
    },
  );

  app.post(
    BASE + '/:clientId/secret',
    {
      schema: {
        tags,
        summary: 'Give a confidential OAuth2 application a new secret (shown in this answer only); the old one stops working',
        params: ClientParams,
        response: { 200: SecretSchema },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      const current = found(await provider.getClient(clientId), 'application', clientId);
      if (current.token_endpoint_auth_method === 'none') throw new ApiError(409, 'A public application (token endpoint auth method none) has no secret');
      // Hydra's PUT replaces the secret when the body brings one; everything else is sent back unchanged.
      const clientSecret = newSecret();
      found(await provider.replaceClient(clientId, { ...replaceableFields(current), client_secret: clientSecret }), 'application', clientId);
      return { clientSecret };
    },
  );
}
