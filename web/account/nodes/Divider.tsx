/** The "or" between two ways of doing the same thing. */
import { useTranslation } from 'react-i18next';

export function Divider() {
  const { t } = useTranslation();
  return (
    <div className="divider" role="separator">
      <span>{t('login.divider')}</span>
    </div>
  );
}
