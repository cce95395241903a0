/** `GET /bff/config`: the public settings the client needs before anything else. */
import type { FastifyInstance } from 'fastify';
import { LOCALES, DEFAULT_LOCALE } from '../../../shared/locales.js';

export interface ClientConfigOptions {
  supportEmail?: string;
  version: string;
}

export async function clientConfigRoute(app: FastifyInstance, options: ClientConfigOptions): Promise<void> {
  const body = {
    identityBasePath: '/.ory',
    apiBasePath: '/api',
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    supportEmail: options.supportEmail ?? null,
    version: options.version,
  };
  app.get('/bff/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
