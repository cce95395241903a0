/** The parts of the identity service's session object (Kratos `session`) that sitewave reads. */
export type AuthenticatorAssuranceLevel = 'aal0' | 'aal1' | 'aal2' | 'aal3';

export interface Identity {
  id: string;
  schema_id?: string;
  state?: 'active' | 'inactive';
  traits: Record<string, unknown>;
  [field: string]: unknown;
}

export interface Session {
  id: string;
  active?: boolean;
  expires_at?: string;
  authenticated_at?: string;
  authenticator_assurance_level?: AuthenticatorAssuranceLevel;
  authentication_methods?: { method: string; aal?: string; completed_at?: string }[];
  identity: Identity;
  devices?: unknown[];
  [field: string]: unknown;
}
