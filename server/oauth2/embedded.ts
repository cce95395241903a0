/**
 * The embedded OAuth2 provider as `npm start` runs it: its schema in the shared database, both
 * listeners on loopback, the issuer on the gateway's origin under `/.ory`, login and consent on
 * the account screens, accounts read from the identity service's admin API.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open.js';
import type { OAuth2Settings, SettingsSource } from '../platform/project-settings.js';
import { DEFAULT_OAUTH2_LIFESPANS } from './options.js';
import { startOAuth2Service } from './start.js';

export interface EmbeddedOAuth2 {
  publicUrl: string;
  adminUrl: string;
  adminToken: string;
  close(): Promise<void>;
}

/** `settings`: the project's, when this instance runs the platform service; the options' fixed ones otherwise. */
export async function startEmbeddedOAuth2(config: Config, log: FastifyBaseLogger, version: string, settings?: SettingsSource<OAuth2Settings>): Promise<EmbeddedOAuth2> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    name: 'oauth2',
    onError: (err) => log.error({ err }, 'OAuth2 provider database connection failed'),
  });
  const adminToken = config.oauth2AdminToken ?? randomBytes(24).toString('base64url');
  try {
    const running = await startOAuth2Service({
      db,
      version,
      settings,
      logger: log.child({ service: 'oauth2' }),
      options: {
        issuer: `${config.publicUrl}/.ory`,
        uiUrl: config.publicUrl,
        adminToken,
        // Read when an account is needed: the identity service may be started after this one.
        identityAdmin: () => (config.identityAdminUrl ? { url: config.identityAdminUrl, token: config.identityAdminToken } : undefined),
        lifespans: DEFAULT_OAUTH2_LIFESPANS,
        dynamicRegistration: config.oauth2DynamicRegistration,
        privateNetworkCallbacks: config.oauth2PrivateNetworkCallbacks,
        signingKeyRotation: config.oauth2SigningKeyRotationDays * 86_400,
      },
    });
    return {
      publicUrl: running.publicUrl,
      adminUrl: running.adminUrl,
      adminToken,
      async close() {
        await running.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
