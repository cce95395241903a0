/**
 * One way for tests to start a server: on a free loopback port, answering the base URL that
 * reaches it, so no test has to read the bound address itself.
 */
import { createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

const HOST = '127.0.0.1';

/** Starts a Fastify instance; answers `http://127.0.0.1:<port>`. */
export async function listenFastify(app: FastifyInstance): Promise<string> {
  await app.listen({ host: HOST, port: 0 });
  return baseUrl(app.server);
}

/** Starts a node server (an http.Server, or any net.Server); answers `http://127.0.0.1:<port>`. */
export async function listenServer(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return baseUrl(server);
}

/** The base URL of a server already listening on loopback (one another library started). */
export function baseUrl(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  return `http://${HOST}:${address.port}`;
}

/** A port free right now, for a server that must know its port before it starts (its public URL names it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = Number(new URL(await listenServer(probe)).port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts something that must know its port before it listens, on a free port, and again on
 * another when the port was taken in the meantime (by a connection's local port or another test
 * worker: "free right now" is only a guess).
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}
