/**
 * The fake API host as a process of its own, for tests that kill it with SIGKILL and start it
 * again on the same port: what a crashed and restarted API looks like to the gateway.
 * Configured by the environment (PORT, SECRET, GRANTS as JSON, ECHO_DELAY_MS); announces
 * `listening <url>` on standard output.
 */
import { startFakeApi } from './fake-api.js';

const api = await startFakeApi(process.env.SECRET ?? '', Number(process.env.PORT));
const grants = JSON.parse(process.env.GRANTS ?? '[]') as [string, string, string[]][];
for (const [identityId, scope, ids] of grants) api.grant(identityId, scope, ids);
api.echoDelayMs = Number(process.env.ECHO_DELAY_MS ?? 0);
process.stdout.write(`listening ${api.url}\n`);
