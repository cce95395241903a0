/** The frame every page shares: skip link, routes, language choice, toasts. */
import { useTranslation } from './lib/i18n.js';
import { AppRoutes } from './routes.js';
import { LanguagePicker } from './ui/LanguagePicker.js';
import { Toasts } from './ui/Toasts.js';

export function App() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppRoutes />
      <footer className="page-footer">
        <LanguagePicker />
      </footer>
      <Toasts />
    </>
  );
}
