/** A value an operator pastes elsewhere (a client id, the issuer): shown in full with a copy button. */
import { useTranslation } from '../../lib/i18n.js';
import { CopyButton } from '../../ui/CopyButton.js';

export function CopyableValue({ label, value, compact = false }: { label: string; value: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={compact ? 'copyable copyable-compact' : 'copyable'}>
      <code className="copyable-value">{value}</code>
      <CopyButton value={value} label={t('oauth2Admin.copyLabel', { label })} className="button button-secondary button-small copyable-button" />
    </span>
  );
}
