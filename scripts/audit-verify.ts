/**
 * `npm run audit:verify [-- --schema api|identity|oauth2|platform|permission]`: checks a service's audit trail from the start
 * of its chain and prints the report as JSON; exits 1 at the first broken link (an edited, deleted
 * or inserted event, or a cut tail), 2 when the database cannot be read. Reads DATABASE_URL, else
 * the PGlite files under DATA_DIR (./data) — which only one process may hold: stop the server
 * first there, or use the Audit log screen's check, which runs the same code.
 */
import path from 'node:path';
import { openDatabase } from '../server/db/open.js';
import { verifyAuditChain } from '../server/audit/chain.js';

const at = process.argv.indexOf('--schema');
const schema = at > 0 ? process.argv[at + 1]! : 'api';

try {
  const db = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? './data'), databaseUrl: process.env.DATABASE_URL, name: schema });
  try {
    const report = await verifyAuditChain(db);
    console.log(JSON.stringify({ schema, ...report }, null, 2));
    if (!report.ok) console.error(`The audit chain of "${schema}" is broken at event ${report.firstBroken!.seq} (${report.firstBroken!.reason}).`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(`Cannot read the audit trail of "${schema}": ${(err as Error).message}`);
  process.exitCode = 2;
}
