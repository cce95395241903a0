/**
 * The embedded identity service as `npm start` builds it (dist/), on a fresh PGlite directory,
 * as its own process for the identity rows of the bench. Announces both ports on stdout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../dist/server/db/open.js';
import { DEFAULT_LIFESPANS } from '../../../dist/server/identity/options.js';
import { startIdentityService } from '../../../dist/server/identity/start.js';
import { defaultSchemaEntry } from '../../../dist/server/identity/traits/default-schema.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sitewave-bench-identity-'));
const db = await openDatabase({ dataDir, name: 'identity' });
const adminToken = randomBytes(24).toString('base64url');
const running = await startIdentityService({
  db,
  options: {
    publicUrl: 'http://127.0.0.1:1/.ory',
    uiUrl: 'http://127.0.0.1:1',
    allowedReturnUrls: [],
    adminToken,
    schemas: [defaultSchemaEntry],
    defaultSchemaId: defaultSchemaEntry.id,
    lifespans: { ...DEFAULT_LIFESPANS },
    requireVerifiedAddress: false,
    courierFrom: 'bench <bench@localhost>',
    productName: 'sitewave',
  },
});

const stop = async () => {
  await running.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench holds an IPC channel: when it dies, so does this process.
process.on('disconnect', stop);

process.stdout.write(`${JSON.stringify({ port: Number(new URL(running.publicUrl).port), adminPort: Number(new URL(running.adminUrl).port), adminToken })}\n`);
