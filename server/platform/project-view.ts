/**
 * The project and its keys in Ory Network's wire shapes (`Project`, `ProjectMetadata`,
 * `ProjectApiKey`), so Ory's clients read them as they read a Network project.
 */
import type { ApiKeyRecord } from './api-key-store.js';
import type { ProjectRecord, Revision } from './project-store.js';
import { documentWithoutSecrets, patchWithoutSecrets } from './provider-secrets.js';

/** Fixed for an installation: it runs, as production, where it is installed. */
const STATE = 'running';
const ENVIRONMENT = 'prod';
const HOME_REGION = 'global';

export function projectView(project: ProjectRecord) {
  const { name, cors_admin, cors_public } = project.document;
  return {
    id: project.id,
    name,
    slug: project.slug,
    state: STATE,
    environment: ENVIRONMENT,
    home_region: HOME_REGION,
    revision_id: project.revisionId,
    organizations: [],
    workspace_id: null,
    services: documentWithoutSecrets(project.document).services,
    cors_admin,
    cors_public,
  };
}

export function projectMetadataView(project: ProjectRecord, hosts: readonly string[]) {
  return {
    id: project.id,
    name: project.document.name,
    slug: project.slug,
    state: STATE,
    environment: ENVIRONMENT,
    home_region: HOME_REGION,
    hosts: [...hosts],
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
    workspace_id: null,
  };
}

/** `value` only in the answer that made the key; `last_used_at` is this installation's addition. */
export function apiKeyView(key: ApiKeyRecord, value?: string) {
  return {
    id: key.id,
    name: key.name,
    owner_id: key.ownerId,
    project_id: key.projectId,
    last_characters: key.lastCharacters,
    created_at: key.createdAt.toISOString(),
    updated_at: key.updatedAt.toISOString(),
    ...(key.expiresAt ? { expires_at: key.expiresAt.toISOString() } : {}),
    ...(key.lastUsedAt ? { last_used_at: key.lastUsedAt.toISOString() } : {}),
    ...(value ? { value } : {}),
  };
}

export function revisionView(revision: Revision) {
  const [kind, id] = revision.actor.includes(':') ? revision.actor.split(':', 2) : [revision.actor, null];
  return {
    id: revision.id,
    project_id: revision.projectId,
    created_at: revision.createdAt.toISOString(),
    actor: { kind, id },
    patch: patchWithoutSecrets(revision.patch),
  };
}
