/** The "or" between two ways of doing the same thing. */
import { useTranslation } from '../../lib/i18n.js';

export function Divider() {
  const { t } = useTranslation();
  return (
    <div className="divider" role="separator">
      <span>{t('login.divider')}</span>
    </div>
  );
}
