/**
 * Runs the embedded OAuth2 provider on loopback: the public listener (reached through the
 * gateway's `/.ory`) and the admin listener (reached only by local services with the token).
 */
import type { AddressInfo } from 'node:net';
import { buildOAuth2Service, type OAuth2Service, type OAuth2ServiceDeps } from './app.js';

export interface RunningOAuth2Service {
  service: OAuth2Service;
  /** Includes the issuer's path (`/.ory`): the gateway forwards requests under it unchanged. */
  publicUrl: string;
  adminUrl: string;
  close(): Promise<void>;
}

export async function startOAuth2Service(deps: OAuth2ServiceDeps & { host?: string }): Promise<RunningOAuth2Service> {
  const service = await buildOAuth2Service(deps);
  const host = deps.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      service.public.once('error', reject);
      service.public.listen(0, host, () => resolve());
    });
    const { port } = service.public.address() as AddressInfo;
    const mount = new URL(deps.options.issuer).pathname.replace(/\/+$/, '');
    const adminUrl = await service.admin.listen({ host, port: 0 });
    return { service, publicUrl: `http://${host}:${port}${mount}`, adminUrl, close: () => service.close() };
  } catch (error) {
    await service.close();
    throw error;
  }
}
