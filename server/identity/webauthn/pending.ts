/**
 * A ceremony's challenge belongs to one flow and is good for one answer: it is kept in the
 * flow's internal state when the options are shown and taken out when an answer arrives,
 * whether that answer verifies or not.
 */
import type { Call } from '../flows/call.js';
import type { Flow } from '../flows/flow-service.js';
import { takeFlowInternal } from '../store/flows.js';
import type { PendingCeremony } from './ceremony.js';

export type PendingKey = 'passkey_login' | 'passkey_registration' | 'passkey_settings' | 'webauthn_login' | 'webauthn_settings';

export function remember(flow: Flow, key: PendingKey, pending: PendingCeremony): void {
  flow.internal[key] = pending;
}

export async function takePending(call: Call, flow: Flow, key: PendingKey): Promise<PendingCeremony | undefined> {
  delete flow.internal[key];
  const value = await takeFlowInternal(call.ctx.db, flow.id, key);
  if (typeof value !== 'object' || value === null || typeof (value as PendingCeremony).challenge !== 'string') return undefined;
  return value as PendingCeremony;
}
