/**
 * The API's contract as an OpenAPI 3.1 document, generated from the JSON schemas every route is
 * validated with (so the document cannot say what the code does not do), and served at
 * `GET /api/openapi.json` for integrators and for the client's generated types.
 * Registered before the routes: the generator collects them as they are added.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ApiRoutePolicy } from '../../../shared/api-route-policy.js';
import { RouteTable } from '../auth/route-table.js';
import { LIST_OBJECTS_PATH } from '../../permissions/routes/list-objects-route.js';
import { LIST_OBJECTS_PATH_ITEM, PROJECT_API_KEY_SCHEME } from './list-objects-doc.js';

/** The security requirement and a sentence on the rights a route needs, from its policy row. */
function accessOf(policy: ApiRoutePolicy): { security?: Record<string, string[]>[]; description?: string } {
  if (policy.scope === 'public') return { security: [], description: 'No session needed.' };
  if (policy.scope === 'device') return { security: [{ deviceToken: [] }], description: 'Called by a survey device with its upload token; no session.' };
  if (policy.scope === 'share') {
    return {
      security: [],
      description: 'Read-only, with a share link: its secret is the shareToken path segment; no session. An unknown link answers 404, a revoked or expired one 410.',
    };
  }
  if (policy.permissions.length === 0) return { description: 'Any signed-in user.' };
  return { description: `Needs one of these permissions: ${policy.permissions.join(', ')}.` };
}

export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  const policies = new RouteTable();
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
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'ory_kratos_session',
            description: 'The identity service session cookie (its name is configurable), checked by the gateway.',
          },
          deviceToken: { type: 'apiKey', in: 'header', name: 'X-Device-Token', description: 'The upload token a device receives when it is registered.' },
          projectApiKey: PROJECT_API_KEY_SCHEME,
        },
      },
      security: [{ session: [] }],
    },
    transform: ({ schema, url, route }) => {
      // Who may call it comes from the route policy, so the document says what the gateway enforces.
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const policy = policies.get(method, url);
      // Platform routes are the gateway's own calls, hidden from the document.
      const access = policy && policy.scope !== 'platform' ? accessOf(policy) : {};
      // Each route names its group (`tags`) in its own schema.
      return { schema: { ...schema, ...access }, url };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      return { ...openapiObject, paths: { ...openapiObject.paths, [`/.ory${LIST_OBJECTS_PATH}`]: LIST_OBJECTS_PATH_ITEM } };
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
}
