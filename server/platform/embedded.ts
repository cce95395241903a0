/**
 * The embedded platform service as `npm start` runs it: its schema in the shared database, one
 * listener on loopback, and the admin token the gateway reaches it with.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open.js';
import { DEFAULT_LIFESPANS } from '../identity/options.js';
import { DEFAULT_OAUTH2_LIFESPANS } from '../oauth2/options.js';
import { buildPlatformService } from './app.js';
import { PLATFORM_SCHEMA } from './migrations.js';
import {
  identitySettingsOf,
  oauth2SettingsOf,
  permissionSettingsOf,
  type IdentitySettings,
  type OAuth2Settings,
  type PermissionSettings,
  type SettingsSource,
} from './project-settings.js';

export interface EmbeddedPlatform {
  url: string;
  adminToken: string;
  /** The project's settings for this instance's embedded identity service and OAuth2 provider. */
  identitySettings: SettingsSource<IdentitySettings>;
  oauth2Settings: SettingsSource<OAuth2Settings>;
  permissionSettings: SettingsSource<PermissionSettings>;
  close(): Promise<void>;
}

export async function startEmbeddedPlatform(config: Config, log: FastifyBaseLogger): Promise<EmbeddedPlatform> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    name: PLATFORM_SCHEMA,
    onError: (err) => log.error({ err }, 'platform database connection failed'),
  });
  const adminToken = config.platformAdminToken ?? randomBytes(24).toString('base64url');
  try {
    const { app, live } = await buildPlatformService({
      db,
      adminToken,
      logger: log.child({ service: 'platform' }),
      seed: {
        name: 'sitewave',
        sessionLifespanMs: DEFAULT_LIFESPANS.sessionMs,
        oauth2: {
          accessTokenMs: DEFAULT_OAUTH2_LIFESPANS.accessToken * 1000,
          refreshTokenMs: DEFAULT_OAUTH2_LIFESPANS.refreshToken * 1000,
          idTokenMs: DEFAULT_OAUTH2_LIFESPANS.idToken * 1000,
        },
        oidcProviders: config.identityOidcProviders,
        publicOrigin: config.publicUrl,
      },
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const environmentProviders = config.identityOidcProviders;
    const { accessToken, refreshToken, idToken } = DEFAULT_OAUTH2_LIFESPANS;
    return {
      url,
      adminToken,
      identitySettings: live.settings(({ document }) => identitySettingsOf(document, { sessionLifespanMs: DEFAULT_LIFESPANS.sessionMs, environmentProviders })),
      oauth2Settings: live.settings(({ document }) => oauth2SettingsOf(document, { accessToken, refreshToken, idToken })),
      permissionSettings: live.settings(({ document }) => permissionSettingsOf(document)),
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
