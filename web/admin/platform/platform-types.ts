/**
 * The project API's answers as the screens read them: Ory Network's `ProjectMetadata`,
 * `Project`, `ProjectApiKey` and `SuccessfulProjectUpdate` shapes, the revision history and the
 * members (server/platform/project-view.ts). The API is not part of the /api contract, so these
 * are written here rather than generated.
 */
import type { PatchOperation } from './config-patch.js';

export interface ProjectMetadata {
  id: string;
  name: string;
  slug: string;
  state: string;
  environment: string;
  hosts: string[];
  created_at: string;
  updated_at: string;
}

export interface ServiceConfig {
  config: Record<string, unknown>;
}

export interface PlatformProject {
  id: string;
  name: string;
  slug: string;
  revision_id: string;
  services: { identity: ServiceConfig; oauth2: ServiceConfig; permission: ServiceConfig };
  cors_admin: { enabled?: boolean; origins?: string[] };
  cors_public: { enabled?: boolean; origins?: string[] };
}

export interface ProjectUpdate {
  project: PlatformProject;
  warnings: unknown[];
}

export interface ProjectRevision {
  id: string;
  project_id: string;
  created_at: string;
  /** `identity` (a global administrator), `api-key`, or `installation` for the first configuration. */
  actor: { kind: string; id: string | null };
  patch: PatchOperation[];
}

export interface ApiKey {
  id: string;
  name: string;
  owner_id: string;
  project_id: string;
  last_characters: string;
  created_at: string;
  updated_at: string;
  expires_at?: string;
  last_used_at?: string;
  /** Only in the answer that made the key. */
  value?: string;
}

export const MEMBER_ROLES = ['owner', 'developer', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface PlatformMember {
  id: string;
  email: string;
  email_verified: boolean;
  name: string;
  role: MemberRole;
  source: string;
}
