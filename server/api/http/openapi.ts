/**
 * The API's contract as an OpenAPI 3.1 document, generated from the JSON schemas every route is
 * validated with (so the document cannot say what the code does not do), and served at
 * `GET /api/openapi.json` for integrators and for the client's generated types.
 * Registered before the routes: the generator collects them as they are added.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'sitewave API',
        version,
        description:
          'Organisations, people, devices, billing and site surveys. Browsers reach it through the gateway with their session ' +
          '(mutations also send the X-XSRF-TOKEN header with the XSRF-TOKEN cookie); survey devices upload tracks with their token.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ory_kratos_session', description: 'The identity service session cookie (its name is configurable), checked by the gateway.' },
          deviceToken: { type: 'apiKey', in: 'header', name: 'X-Device-Token', description: 'The upload token a device receives when it is registered.' },
        },
      },
      security: [{ session: [] }],
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
}
