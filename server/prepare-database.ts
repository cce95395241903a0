/**
 * A new PGlite database is created, migrated and seeded with the demo in a short-lived child
 * process (prepare-database-process.ts), and only then opened by this one. PGlite's WebAssembly
 * memory only grows: creating a cluster, running every migration and writing the demo survey
 * leave several hundred megabytes resident for the life of the process, while opening the
 * prepared directory costs what a restart costs. The child has exited, and so released the
 * directory and its lock file, before this process opens it; its failure is this start's failure.
 *
 * PostgreSQL keeps its memory in its own server, so there is nothing to gain there, and an
 * existing PGlite directory (even one whose migrations are not all applied) is opened directly.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { pgliteDirectory } from './db/open.js';
import { embeddedServiceNames } from './embedded-names.js';
import { siblingModule } from './sibling-module.js';

const CHILD_MODULE = fileURLToPath(siblingModule(import.meta.url, 'prepare-database-process'));

export interface PrepareFailure {
  error: string;
}

export async function prepareNewDatabase(config: Config, log: FastifyBaseLogger): Promise<void> {
  const services = embeddedServiceNames(config);
  if (config.databaseUrl || services.length === 0) return;
  const directory = pgliteDirectory(config.dataDir);
  // initdb writes PG_VERSION: its presence means a cluster exists, whatever state it is in.
  if (existsSync(path.join(directory, 'PG_VERSION'))) return;
  log.debug({ directory, services }, 'preparing a new database in a child process');

  await new Promise<void>((resolve, reject) => {
    // A debugger flag of this process would make the child fight for the same port.
    const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
    const child = fork(CHILD_MODULE, services, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let reported: string | undefined;
    child.on('message', (message: PrepareFailure) => (reported = message.error));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      reject(new Error(reported ?? `preparing the new database in ${directory} failed: its process ${how}`));
    });
  });
}
