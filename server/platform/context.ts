/** What the platform service's routes share, hung on the instance that serves them. */
import type { ApiKeyStore } from './api-key-store.js';
import { PlatformError } from './platform-error.js';
import type { ProjectRecord, ProjectStore } from './project-store.js';

export interface PlatformContext {
  projects: ProjectStore;
  keys: ApiKeyStore;
  /** The host names the project answers on: the gateway's. */
  hosts: readonly string[];
  now(): Date;
}

/** `{project}` is the id or the slug, as on Ory Network; anything else names no project here. */
export async function findProject(context: PlatformContext, idOrSlug: string): Promise<ProjectRecord> {
  const project = await context.projects.get();
  if (idOrSlug !== project.id && idOrSlug !== project.slug) {
    throw new PlatformError(404, `No project ${idOrSlug}: this installation is the one project ${project.id} (slug ${project.slug})`);
  }
  return project;
}
