/**
 * The "or" between two ways of doing the same thing. Plain text, not a separator role, so
 * screen readers say "or" between the two sections.
 */
import { useTranslation } from '../../lib/i18n.js';

export function Divider() {
  const { t } = useTranslation();
  return (
    <div className="divider">
      <span>{t('login.divider')}</span>
    </div>
  );
}
