/**
 * The embedded upstreams `npm start` runs when no remote one is configured. Each is a separate
 * Fastify instance on loopback, reached by the gateway over HTTP like a remote host; their URLs
 * are written into the configuration (and handed to gateway workers through the environment).
 * `npm start` runs them on a thread of their own (embedded-thread.ts); tests run them in-process.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { startEmbeddedApi } from './api/embedded.js';
import { startEmbeddedIdentity } from './identity/embedded.js';
import { startEmbeddedOAuth2 } from './oauth2/embedded.js';
import { startEmbeddedPermission } from './permissions/embedded.js';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './platform/embedded.js';
import { embeddedServiceNames } from './embedded-names.js';

export interface EmbeddedServices {
  /** Variables that point gateway workers at the same services. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * For the bench's before/after rows alone (test/load/audit-product.mjs), never read from the
 * configuration or the environment: `unrecorded` runs the API without its audit trail.
 */
export interface EmbeddedMeasurement {
  unrecorded?: boolean;
}

export async function startEmbeddedServices(config: Config, log: FastifyBaseLogger, version: string, measurement: EmbeddedMeasurement = {}): Promise<EmbeddedServices> {
  const env: Record<string, string> = {};
  const closers: (() => Promise<void>)[] = [];
  const names = embeddedServiceNames(config);
  try {
    // The project comes first: its settings are what the identity service and the provider run with.
    let platform: EmbeddedPlatform | undefined;
    if (names.includes('platform')) {
      platform = await startEmbeddedPlatform(config, log);
      closers.push(platform.close);
      config.platformUrl = platform.url;
      config.platformAdminToken = platform.adminToken;
      Object.assign(env, { PLATFORM_URL: platform.url, PLATFORM_ADMIN_TOKEN: platform.adminToken });
      log.info({ url: platform.url }, 'embedded platform service is listening on loopback');
    }
    if (names.includes('permission')) {
      const permission = await startEmbeddedPermission(config, log, platform?.permissionSettings);
      closers.push(permission.close);
      config.permissionUrl = permission.url;
      config.permissionAdminToken = permission.adminToken;
      Object.assign(env, { PERMISSION_URL: permission.url, PERMISSION_ADMIN_TOKEN: permission.adminToken });
      log.info({ url: permission.url }, 'embedded permission service is listening on loopback');
    }
    // The provider comes before the identity service, whose sign-in accepts its login requests.
    if (names.includes('oauth2')) {
      const oauth2 = await startEmbeddedOAuth2(config, log, version, platform?.oauth2Settings);
      closers.push(oauth2.close);
      config.oauth2PublicUrl = oauth2.publicUrl;
      config.oauth2AdminUrl = oauth2.adminUrl;
      config.oauth2AdminToken = oauth2.adminToken;
      Object.assign(env, { OAUTH2_PUBLIC_URL: oauth2.publicUrl, OAUTH2_ADMIN_URL: oauth2.adminUrl, OAUTH2_ADMIN_TOKEN: oauth2.adminToken });
      log.info({ publicUrl: oauth2.publicUrl, adminUrl: oauth2.adminUrl }, 'embedded OAuth2 provider is listening on loopback');
    }
    if (names.includes('identity')) {
      const identity = await startEmbeddedIdentity(config, log, version, platform?.identitySettings);
      closers.push(identity.close);
      config.identityPublicUrl = identity.publicUrl;
      config.identityAdminUrl = identity.adminUrl;
      config.identityAdminToken = identity.adminToken;
      Object.assign(env, { IDENTITY_PUBLIC_URL: identity.publicUrl, IDENTITY_ADMIN_URL: identity.adminUrl, IDENTITY_ADMIN_TOKEN: identity.adminToken });
      log.info({ publicUrl: identity.publicUrl, adminUrl: identity.adminUrl }, 'embedded identity service is listening on loopback');
    }
    if (names.includes('api')) {
      // Verifies assertions with the gateway's key (config.assertionSecret, handed to workers too).
      const api = await startEmbeddedApi(config, log.child({ service: 'api' }), version, measurement);
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
