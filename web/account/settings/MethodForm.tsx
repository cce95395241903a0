/**
 * A settings card's form: the nodes of one method (with the CSRF token), posted with the method
 * named. Buttons that carry their own name (`totp_unlink`, `lookup_secret_reveal`,
 * `webauthn_remove`, `link` …) have no `method` field of their own, and the service's API wants
 * one with every update.
 */
import type { ReactNode } from 'react';
import type { SettingsFlow, UiNode } from '../../../shared/identity-flow.js';
import { FlowForm } from '../nodes/FlowForm.js';
import type { SettingsMethod } from './settings-sections.js';

export interface MethodFormProps {
  flow: SettingsFlow;
  method: SettingsMethod;
  submit: (body: Record<string, unknown>) => unknown;
  busy: boolean;
  /** Narrows the method's nodes (a card shows some of them its own way). */
  filter?: (node: UiNode) => boolean;
  className?: string;
  children?: ReactNode;
}

export function MethodForm({ flow, method, submit, busy, filter, className, children }: MethodFormProps) {
  return (
    <FlowForm flow={flow} groups={['default', method]} filter={filter} onSubmit={(body) => submit({ method, ...body })} busy={busy} className={className}>
      {/* The identity host's WebAuthn script posts the form itself, without our submit handler. */}
      {(method === 'webauthn' || method === 'passkey') && <input type="hidden" name="method" value={method} />}
      {children}
    </FlowForm>
  );
}
