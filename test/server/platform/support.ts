/** The platform service on a test database, called as the gateway calls it. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/database.js';
import { buildPlatformService } from '../../../server/platform/app.js';
import type { ConfigSeed } from '../../../server/platform/config-defaults.js';

export const ADMIN_TOKEN = 'platform-test-admin-token';
export const ADMIN_ACTOR = 'identity:6f1c2a4e-0b7d-4e8a-9c3f-2d5e7a9b1c0d';

export const SEED: ConfigSeed = {
  name: 'sitewave',
  sessionLifespanMs: 24 * 3_600_000,
  oauth2: { accessTokenMs: 3_600_000, refreshTokenMs: 720 * 3_600_000, idTokenMs: 3_600_000 },
  oidcProviders: [],
  publicOrigin: 'http://127.0.0.1:3000',
};

export interface Call {
  status: number;
  body: any;
}

export class PlatformClient {
  constructor(
    readonly app: FastifyInstance,
    private readonly actor = ADMIN_ACTOR,
  ) {}

  static async start(db: Database, now?: () => Date): Promise<PlatformClient> {
    return new PlatformClient((await buildPlatformService({ db, adminToken: ADMIN_TOKEN, seed: SEED, now })).app);
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<Call> {
    const response = await this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-platform-actor': this.actor, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
  }
}
