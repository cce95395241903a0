/**
 * Social sign-in providers, one row each: whether it is linked to the account, and the button
 * that links (`link`) or unlinks (`unlink`) it. Linking leaves for the provider and comes back.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { SettingsFlow, UiNode } from '../../../shared/identity-flow.js';
import { MethodForm } from './MethodForm.js';

export interface SocialSignInPanelProps {
  flow: SettingsFlow;
  submit: (body: Record<string, unknown>) => unknown;
  busy: boolean;
}

interface Provider {
  node: UiNode;
  name: string;
  linked: boolean;
}

function providers(nodes: readonly UiNode[]): Provider[] {
  return nodes.flatMap((node) => {
    const { attributes } = node;
    if (node.group !== 'oidc' || attributes.node_type !== 'input') return [];
    if (attributes.name !== 'link' && attributes.name !== 'unlink') return [];
    const named = node.meta.label?.context?.provider;
    return [{ node, name: typeof named === 'string' ? named : String(attributes.value), linked: attributes.name === 'unlink' }];
  });
}

export function SocialSignInPanel({ flow, submit, busy }: SocialSignInPanelProps) {
  const { t } = useTranslation();
  return (
    <ul className="provider-list">
      {providers(flow.ui.nodes).map((provider) => (
        <li key={`${provider.node.group}-${provider.name}`} className="provider-row">
          <span className="provider-name">{provider.name}</span>
          <span className={provider.linked ? 'badge badge-linked' : 'badge'}>{t(provider.linked ? 'settings.linked' : 'settings.notLinked')}</span>
          <MethodForm flow={flow} method="oidc" submit={submit} busy={busy} filter={(node) => node.group === 'default' || node === provider.node} />
        </li>
      ))}
    </ul>
  );
}
