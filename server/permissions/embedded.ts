/**
 * The embedded permission service as `npm start` runs it: its schema in the shared database, one
 * listener on loopback, the admin token the gateway reaches it with, and the project's settings
 * (namespaces, limits, strict mode) when this instance runs the platform service.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open.js';
import type { PermissionSettings, SettingsSource } from '../platform/project-settings.js';
import { buildPermissionService } from './app.js';
import { PERMISSION_SCHEMA } from './migrations.js';

export interface EmbeddedPermission {
  url: string;
  adminToken: string;
  /** Settles once the relationships are in memory (or that was given up): checks run at full speed from then on. */
  relationshipsLoaded: Promise<void>;
  close(): Promise<void>;
}

/** `settings`: the project's, when this instance runs the platform service; Keto's defaults, without namespaces, otherwise. */
export async function startEmbeddedPermission(config: Config, log: FastifyBaseLogger, settings?: SettingsSource<PermissionSettings>): Promise<EmbeddedPermission> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    name: PERMISSION_SCHEMA,
    onError: (err) => log.error({ err }, 'permission database connection failed'),
  });
  const adminToken = config.permissionAdminToken ?? randomBytes(24).toString('base64url');
  try {
    let loaded!: () => void;
    const relationshipsLoaded = new Promise<void>((resolve) => (loaded = resolve));
    const app = await buildPermissionService({
      db,
      adminToken,
      settings,
      logger: log.child({ service: 'permission' }),
      memoryTuples: config.permissionMemoryTuples,
      relationshipsLoaded: loaded,
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url,
      adminToken,
      relationshipsLoaded,
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
