/**
 * The embedded identity service as `npm start` runs it: its schema in the shared database, both
 * listeners on loopback, browser-facing URLs on the gateway's origin (under `/.ory`), and the
 * admin token the gateway and the API use to reach it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open.js';
import type { IdentitySettings, SettingsSource } from '../platform/project-settings.js';
import { DEFAULT_LIFESPANS } from './options.js';
import { startIdentityService } from './start.js';
import { defaultSchemaEntry } from './traits/default-schema.js';

export interface EmbeddedIdentity {
  publicUrl: string;
  adminUrl: string;
  adminToken: string;
  close(): Promise<void>;
}

/** `settings`: the project's, when this instance runs the platform service; the options' fixed ones otherwise. */
export async function startEmbeddedIdentity(config: Config, log: FastifyBaseLogger, version: string, settings?: SettingsSource<IdentitySettings>): Promise<EmbeddedIdentity> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    name: 'identity',
    onError: (err) => log.error({ err }, 'identity database connection failed'),
  });
  const adminToken = config.identityAdminToken ?? randomBytes(24).toString('base64url');
  try {
    const running = await startIdentityService({
      db,
      version,
      settings,
      logger: log.child({ service: 'identity' }),
      options: {
        publicUrl: `${config.publicUrl}/.ory`,
        uiUrl: config.publicUrl,
        allowedReturnUrls: [config.publicUrl],
        adminToken,
        schemas: [defaultSchemaEntry],
        defaultSchemaId: defaultSchemaEntry.id,
        lifespans: { ...DEFAULT_LIFESPANS, flowMs: config.identityFlowLifespanSeconds * 1000 },
        requireVerifiedAddress: config.requireVerifiedAddress,
        courierFrom: config.mailFrom,
        smtpUrl: config.smtpUrl,
        mailDirectory: config.smtpUrl ? undefined : path.join(config.dataDir, 'mail'),
        productName: 'sitewave',
        oauth2Admin: config.oauth2AdminUrl ? { url: config.oauth2AdminUrl, token: config.oauth2AdminToken } : undefined,
        oidcProviders: config.identityOidcProviders,
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
