/**
 * Security keys or passkeys: the registered ones, each removed by its button (labelled with the
 * key's name), then the name field and the button that starts a registration in the browser.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { SettingsFlow, UiNode } from '../../../shared/identity-flow.js';
import { MethodForm } from './MethodForm.js';

export interface SecurityKeysPanelProps {
  flow: SettingsFlow;
  method: 'webauthn' | 'passkey';
  submit: (body: Record<string, unknown>) => unknown;
  busy: boolean;
}

const REMOVE_NAME = { webauthn: 'webauthn_remove', passkey: 'passkey_remove' } as const;

export function SecurityKeysPanel({ flow, method, submit, busy }: SecurityKeysPanelProps) {
  const { t } = useTranslation();
  const isRemove = (node: UiNode) => node.attributes.node_type === 'input' && node.attributes.name === REMOVE_NAME[method];
  const keys = flow.ui.nodes.filter((node) => node.group === method && isRemove(node));
  const isCsrf = (node: UiNode) => node.group === 'default';
  return (
    <>
      {keys.length > 0 ? (
        <MethodForm flow={flow} method={method} submit={submit} busy={busy} filter={(node) => isCsrf(node) || isRemove(node)} className="key-list" />
      ) : (
        <p className="settings-empty">{t(method === 'webauthn' ? 'settings.noSecurityKeys' : 'settings.noPasskeys')}</p>
      )}
      <MethodForm flow={flow} method={method} submit={submit} busy={busy} filter={(node) => !isRemove(node)} />
    </>
  );
}
