/**
 * What every handler of the identity service works with, decorated on both Fastify instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { Courier } from './courier/courier.js';
import type { IdentitySettings } from '../platform/project-settings.js';
import type { IdentityServiceOptions } from './options.js';
import type { PasswordHasher } from './strategies/password/hasher.js';
import type { PasswordValidator } from './strategies/password/validator.js';
import type { WhoamiCache } from './sessions/whoami-cache.js';

export interface IdentityContext {
  /** Watched: writes that may change a whoami answer empty `whoami` (store/write-watch.ts). */
  db: Database;
  whoami: WhoamiCache;
  options: IdentityServiceOptions;
  /** The project's live settings (methods, flows, session lifespan, password policy), current for this request. */
  settings(): IdentitySettings;
  now(): Date;
  hasher: PasswordHasher;
  passwordValidator: PasswordValidator;
  courier: Courier;
  log: FastifyBaseLogger;
}
