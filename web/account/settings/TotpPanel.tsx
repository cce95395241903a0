/**
 * The authenticator app: while none is linked, the QR code and its key to type in instead, and
 * the code the app then shows; once linked, that it is, and the button that unlinks it.
 */
import { useTranslation } from '../../lib/i18n.js';
import type { SettingsFlow } from '../../../shared/identity-flow.js';
import { MethodForm } from './MethodForm.js';

export interface TotpPanelProps {
  flow: SettingsFlow;
  submit: (body: Record<string, unknown>) => unknown;
  busy: boolean;
}

export function TotpPanel({ flow, submit, busy }: TotpPanelProps) {
  const { t } = useTranslation();
  const enrolling = flow.ui.nodes.some((node) => node.group === 'totp' && node.attributes.node_type === 'img');
  return (
    <>
      {enrolling ? (
        <p className="settings-hint">{t('settings.totpScanHint')}</p>
      ) : (
        <p className="settings-status">
          <span className="badge badge-linked">{t('settings.linked')}</span>
        </p>
      )}
      <MethodForm flow={flow} method="totp" submit={submit} busy={busy} className={enrolling ? 'totp-enrol' : undefined} />
    </>
  );
}
