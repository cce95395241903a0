/**
 * The identity service's self-service wire shapes (Kratos protocol): flows, their UI
 * container, nodes and messages, and `continue_with` items. The embedded identity service
 * produces them and the account interface renders them, so both compile against these types.
 * Field names, enumerations and optionality follow the protocol exactly.
 */
import type { AuthenticatorAssuranceLevel, Identity, Session } from './identity-session.js';

export type UiTextType = 'info' | 'error' | 'success';

/** A message: numeric id (see the message catalogue), default English text, placeholders. */
export interface UiText {
  id: number;
  text: string;
  type: UiTextType;
  context?: Record<string, unknown>;
}

export type UiNodeGroup =
  'default' | 'password' | 'oidc' | 'profile' | 'link' | 'code' | 'totp' | 'lookup_secret' | 'webauthn' | 'passkey' | 'identifier_first' | 'captcha' | 'saml' | 'deviceauthn';

export type UiNodeInputType = 'text' | 'password' | 'number' | 'checkbox' | 'hidden' | 'email' | 'tel' | 'submit' | 'button' | 'datetime-local' | 'date' | 'url';

export type UiNodeAutocomplete = 'email' | 'tel' | 'url' | 'current-password' | 'new-password' | 'one-time-code' | 'username' | 'username webauthn';

/** Functions the passkey/WebAuthn script defines, named by trigger attributes. */
export type UiNodeTrigger =
  'oryWebAuthnRegistration' | 'oryWebAuthnLogin' | 'oryPasskeyLogin' | 'oryPasskeyLoginAutocompleteInit' | 'oryPasskeyRegistration' | 'oryPasskeySettingsRegistration';

export interface UiNodeInputAttributes {
  node_type: 'input';
  name: string;
  type: UiNodeInputType;
  value?: unknown;
  required?: boolean;
  autocomplete?: UiNodeAutocomplete;
  label?: UiText;
  pattern?: string;
  disabled: boolean;
  onclick?: string;
  onclickTrigger?: UiNodeTrigger;
  onload?: string;
  onloadTrigger?: UiNodeTrigger;
  maxlength?: number;
  options?: { value: unknown }[];
}

export interface UiNodeTextAttributes {
  node_type: 'text';
  id: string;
  text: UiText;
}

export interface UiNodeImageAttributes {
  node_type: 'img';
  id: string;
  /** A data: URI. */
  src: string;
  width: number;
  height: number;
}

export interface UiNodeAnchorAttributes {
  node_type: 'a';
  id: string;
  href: string;
  title: UiText;
}

export interface UiNodeScriptAttributes {
  node_type: 'script';
  id: string;
  src: string;
  type: string;
  async: boolean;
  referrerpolicy: string;
  crossorigin: string;
  integrity: string;
  nonce: string;
}

export interface UiNodeDivisionAttributes {
  node_type: 'div';
  id: string;
  class?: string;
  data?: Record<string, string>;
}

export type UiNodeAttributes = UiNodeInputAttributes | UiNodeTextAttributes | UiNodeImageAttributes | UiNodeAnchorAttributes | UiNodeScriptAttributes | UiNodeDivisionAttributes;

/** A node; `type` always equals `attributes.node_type`. `messages` is always present. */
export interface UiNode {
  type: UiNodeAttributes['node_type'];
  group: UiNodeGroup;
  attributes: UiNodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: string;
  nodes: UiNode[];
  /** Omitted when empty. */
  messages?: UiText[];
}

export type ContinueWith =
  | { action: 'show_verification_ui'; flow: { id: string; verifiable_address: string; url?: string } }
  | { action: 'show_settings_ui'; flow: { id: string; url?: string } }
  | { action: 'show_recovery_ui'; flow: { id: string; url?: string } }
  | { action: 'set_ory_session_token'; ory_session_token: string }
  | { action: 'redirect_browser_to'; redirect_browser_to: string };

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export type FlowState =
  | 'choose_method'
  | 'sent_email'
  | 'passed_challenge'
  | 'show_form'
  | 'success'
  | 'recovery_awaiting_address'
  | 'recovery_awaiting_address_choice'
  | 'recovery_confirming_address'
  | 'recovery_awaiting_code';

/** Hydra's login request as embedded in a login or registration flow (only what is read). */
export interface OAuth2LoginRequest {
  challenge: string;
  client: { client_id?: string; client_name?: string; client_uri?: string; [field: string]: unknown };
  request_url?: string;
  requested_scope?: string[];
  [field: string]: unknown;
}

/** The fields every flow has. */
export interface FlowBase {
  id: string;
  type: 'browser' | 'api';
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  active?: string;
  ui: UiContainer;
  state: FlowState;
  transient_payload?: Record<string, unknown>;
}

export interface LoginFlow extends FlowBase {
  refresh: boolean;
  requested_aal: AuthenticatorAssuranceLevel;
  created_at: string;
  updated_at: string;
  organization_id?: string | null;
  oauth2_login_challenge?: string;
  oauth2_login_request?: OAuth2LoginRequest;
}

export interface RegistrationFlow extends FlowBase {
  organization_id?: string | null;
  oauth2_login_challenge?: string;
  oauth2_login_request?: OAuth2LoginRequest;
}

export interface RecoveryFlow extends FlowBase {
  continue_with?: ContinueWith[];
}

export type VerificationFlow = FlowBase;

export interface SettingsFlow extends FlowBase {
  identity: Identity;
  organization_id?: string | null;
  continue_with?: ContinueWith[];
}

export interface FlowByKind {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

/** A successful login or registration submission. */
export interface SuccessfulNativeLogin {
  session: Session;
  session_token?: string;
  continue_with?: ContinueWith[];
}
