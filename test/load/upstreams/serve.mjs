/**
 * The one way a bench upstream listens: plain node:http on loopback, an ephemeral port
 * announced as the first stdout line, so the orchestrator never races another program for a
 * port it picked in advance.
 */
import http from 'node:http';

export function serve(name, handler) {
  const server = http.createServer(handler);
  // The gateway's undici pool and nginx's upstream pool keep connections for 30-60 s; an
  // upstream closing them first (node's default is 5 s) would add reconnects to the numbers.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ name, port: server.address().port })}\n`);
  });
  const stop = () => server.close(() => process.exit(0)).closeAllConnections();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The orchestrator owns this process; if it vanishes without cleaning up, so do we.
  process.on('disconnect', stop);
  return server;
}

export function sendJson(response, status, body) {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
  response.end(payload);
}
