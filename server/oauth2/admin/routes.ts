/** The admin API's table of contents: Hydra's admin paths, each group in its own file. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { ClientSecrets } from '../client-secrets.js';
import type { Interactions } from '../interactions.js';
import type { LogoutRequests } from '../logout.js';
import type { ProviderHost } from '../provider-host.js';
import type { SigningKeyPolicy } from '../keys/signing-keys.js';
import { clientRoutes } from './clients.js';
import { keyRoutes } from './keys.js';
import { requestRoutes } from './requests.js';
import { sessionRoutes } from './sessions.js';
import { tokenRoutes } from './tokens.js';
import { trustRoutes } from './trust.js';

export interface AdminDeps {
  host: ProviderHost;
  db: Database;
  secrets: ClientSecrets;
  keyPolicy: SigningKeyPolicy;
  interactions: Interactions;
  logout: LogoutRequests;
  issuer: string;
  version: string;
}

export async function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  app.get('/health/alive', async () => ({ status: 'ok' }));
  app.get('/health/ready', async () => ({ status: 'ok' }));
  app.get('/version', async () => ({ version: deps.version }));
  await requestRoutes(app, deps.interactions, deps.logout);
  await clientRoutes(app, deps);
  await tokenRoutes(app, deps);
  await sessionRoutes(app, deps);
  await keyRoutes(app, deps);
  await trustRoutes(app, deps);
}
