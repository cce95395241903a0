/**
 * The embedded upstreams `npm start` runs when no remote one is configured. Each is a separate
 * Fastify instance on loopback, reached by the gateway over HTTP like a remote host; their URLs
 * are written into the configuration (and handed to gateway workers through the environment).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { startEmbeddedApi } from './api/embedded.js';
import { startEmbeddedIdentity } from './identity/embedded.js';

export interface EmbeddedServices {
  /** Variables that point gateway workers at the same services. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startEmbeddedServices(config: Config, log: FastifyBaseLogger, version: string): Promise<EmbeddedServices> {
  const env: Record<string, string> = {};
  const closers: (() => Promise<void>)[] = [];
  try {
    if (!config.identityPublicUrl) {
      const identity = await startEmbeddedIdentity(config, log, version);
      closers.push(identity.close);
      config.identityPublicUrl = identity.publicUrl;
      config.identityAdminUrl = identity.adminUrl;
      config.identityAdminToken = identity.adminToken;
      Object.assign(env, { IDENTITY_PUBLIC_URL: identity.publicUrl, IDENTITY_ADMIN_URL: identity.adminUrl, IDENTITY_ADMIN_TOKEN: identity.adminToken });
      log.info({ publicUrl: identity.publicUrl, adminUrl: identity.adminUrl }, 'embedded identity service is listening on loopback');
    }
    if (!config.apiUrl) {
      // Verifies assertions with the gateway's key (config.assertionSecret, handed to workers too).
      const api = await startEmbeddedApi(config, log.child({ service: 'api' }), version);
      closers.push(api.close);
      config.apiUrl = api.url;
      env.API_URL = api.url;
      log.info({ url: api.url }, 'embedded API is listening on loopback');
    }
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
  return {
    env,
    async close() {
      await Promise.allSettled(closers.reverse().map((close) => close()));
    },
  };
}
