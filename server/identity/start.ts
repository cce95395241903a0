/**
 * Runs the embedded identity service on loopback: the public listener (reached through the
 * gateway's `/.ory`) and the admin listener (reached only by local services with the token).
 */
import type { Database } from '../db/database.js';
import { buildIdentityService, type IdentityService, type IdentityServiceDeps } from './app.js';

export interface RunningIdentityService {
  service: IdentityService;
  publicUrl: string;
  adminUrl: string;
  close(): Promise<void>;
}

export async function startIdentityService(deps: IdentityServiceDeps & { db: Database; host?: string }): Promise<RunningIdentityService> {
  const service = await buildIdentityService(deps);
  const host = deps.host ?? '127.0.0.1';
  try {
    const publicUrl = await service.public.listen({ host, port: 0 });
    const adminUrl = await service.admin.listen({ host, port: 0 });
    return { service, publicUrl, adminUrl, close: () => service.close() };
  } catch (error) {
    await service.close();
    throw error;
  }
}
