/** What the permission service's routes share. */
import type { PermissionSettings } from '../platform/project-settings.js';
import type { KeptAnswers } from './kept-answers.js';
import { namespacesOf, type Namespaces } from './namespaces.js';
import type { HopSource, TupleStore } from './store/tuple-store.js';

export interface PermissionContext {
  store: TupleStore;
  /** What checks read: every relationship in memory (tuple-index.ts), or the rows kept until the relationships change (kept-rows.ts). */
  rows: HopSource;
  /** The project's settings as they are for the request being answered. */
  settings(): PermissionSettings;
  /** Checks and expansions, kept until the relationships or the settings change. */
  kept: KeptAnswers;
}

export function namespaces(context: PermissionContext): Namespaces {
  return namespacesOf(context.settings());
}
