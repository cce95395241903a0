/**
 * The Redis the multi-instance tests share. CI machines run it (and fail without it); a developer
 * machine without it skips those tests rather than failing.
 */
import net from 'node:net';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAvailable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (!reachable && process.env.CI) throw new Error(`Redis is required for the multi-instance tests in CI (${REDIS_URL})`);
  return reachable;
}
