/**
 * The shape every strategy folder fills (as in Kratos: each strategy has login, registration,
 * settings files and nodes). A flow asks each strategy for its nodes and hands a submission to
 * the one whose `method` the body names.
 */
import type { UiNode, UiText } from '../../../shared/identity-flow.js';
import type { Queryable } from '../../db/database.js';
import type { IdentityContext } from '../context.js';
import type { Call } from '../flows/call.js';
import type { Flow } from '../flows/flow-service.js';
import type { SubmittedBody } from '../http/body.js';
import type { ActiveSession } from '../sessions/session-service.js';
import type { StoredCredential, StoredIdentity } from '../store/identities.js';
import type { Aal } from '../store/sessions.js';
import type { TraitAddress } from '../traits/trait-addresses.js';

/** A submission either proves who someone is, or leaves the flow with messages to show (status). */
export type LoginOutcome = { kind: 'authenticated'; identityId: string; method: string; aal: Aal } | { kind: 'form'; status: 200 | 400 };

export interface LoginStrategy {
  method: string;
  /** First factor, normal mode. `flow` keeps what the nodes offer (a WebAuthn challenge). */
  firstFactorNodes?(call: Call, flow?: Flow): UiNode[];
  /** Refresh mode: confirm it is you with a credential you already have. */
  refreshNodes?(identity: StoredIdentity, credentials: StoredCredential[], call?: Call, flow?: Flow): UiNode[];
  /** aal2 mode. */
  secondFactorNodes?(credentials: StoredCredential[], call?: Call, flow?: Flow): UiNode[];
  login(call: Call, flow: Flow, body: SubmittedBody, current: ActiveSession | undefined): Promise<LoginOutcome>;
}

export type RegistrationOutcome = { kind: 'registered'; identityId: string; method: string } | { kind: 'form'; status: 200 | 400 };

export interface RegistrationStrategy {
  method: string;
  nodes(call: Call, flow: Flow): UiNode[];
  register(call: Call, flow: Flow, body: SubmittedBody): Promise<RegistrationOutcome>;
}

export type SettingsOutcome =
  /** Saved: the flow shows success. `raises` names a second factor the user just proved to hold. */
  | { kind: 'saved'; raises?: 'totp' | 'lookup_secret' | 'webauthn' }
  /** Shown: the flow changed for display only (revealed codes, a new TOTP secret). */
  | { kind: 'shown' }
  | { kind: 'form'; status: 400 };

export interface SettingsStrategy {
  method: string;
  nodes(call: Call, flow: Flow, identity: StoredIdentity, credentials: StoredCredential[]): Promise<UiNode[]>;
  update(call: Call, flow: Flow, body: SubmittedBody, active: ActiveSession): Promise<SettingsOutcome>;
}

/**
 * Recovery and verification prove an address by what was e-mailed to it: a code typed back or a
 * link followed. The strategy sends it and says what the flow shows while it is on its way.
 */
export interface AddressProofStrategy {
  method: 'code' | 'link';
  /** Queues the e-mail in the caller's transaction, so the secret and its message commit together. */
  send(ctx: IdentityContext, tx: Queryable, flowId: string, address: TraitAddress, identityId: string | null): Promise<void>;
  /** The form asking for the address, before anything is sent. */
  chooseNodes(): UiNode[];
  sentNodes(email: string): UiNode[];
  sentNotice(): UiText;
}
