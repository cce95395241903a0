/**
 * The embedded API as `npm start` runs it: its schema in the shared database, blobs in the
 * configured store, the identity service and the OAuth2 provider reached through their admin APIs,
 * on a loopback port. A first start creates the demo organisation.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open.js';
import { openBlobStore } from '../storage/open.js';
import { startApi, type RunningApi } from './start.js';
import { logOutput } from '../logging/log-output.js';
import type { EmbeddedMeasurement } from '../embedded.js';

export async function startEmbeddedApi(config: Config, log: FastifyBaseLogger, version?: string, measurement: EmbeddedMeasurement = {}): Promise<RunningApi> {
  if (!config.identityAdminUrl || !config.identityAdminToken) {
    throw new Error('The embedded API needs the identity service admin API: set IDENTITY_ADMIN_URL and IDENTITY_ADMIN_TOKEN');
  }
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    name: 'api',
    onError: (err) => log.error({ err }, 'API database connection failed'),
  });
  const closers: (() => Promise<void>)[] = [() => db.close()];
  try {
    const store = await openBlobStore({ dataDir: config.dataDir, s3: config.s3 });
    closers.unshift(() => store.close());
    const api = await startApi({
      db,
      blobs: store,
      assertionSecret: config.assertionSecret,
      identityAdminUrl: config.identityAdminUrl,
      identityAdminToken: config.identityAdminToken,
      oauth2AdminUrl: config.oauth2AdminUrl,
      oauth2AdminToken: config.oauth2AdminToken,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
      logStream: logOutput(config.logFormat),
      seedDemo: true,
      unrecordedForMeasurement: measurement.unrecorded,
      auditRetentionDays: config.auditRetentionDays,
      // A logger of its own, so a SIEM can tell the trail's lines from request logs by `logger`.
      auditLog: config.auditLog ? pino({ name: 'sitewave-audit', base: { logger: 'audit' } }) : undefined,
      version,
      // The same mail settings as the embedded identity service, so both outboxes land together.
      mail: { from: config.mailFrom, smtpUrl: config.smtpUrl, mailDirectory: config.smtpUrl ? undefined : path.join(config.dataDir, 'mail') },
    });
    return {
      url: api.url,
      async close() {
        await api.close();
        for (const close of closers) await close();
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
