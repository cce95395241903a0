/** The frame every page shares: skip link, routes, language choice (account pages), toasts. */
import { useLocation } from 'wouter';
import { useTranslation } from './lib/i18n.js';
import { areaOf } from './shell/areas.js';
import { AppRoutes } from './routes.js';
import { LanguagePicker } from './ui/LanguagePicker.js';
import { Toasts } from './ui/Toasts.js';

export function App() {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppRoutes />
      {/* The signed-in application offers the language in its user menu. */}
      {!areaOf(path) && (
        <footer className="page-footer">
          <LanguagePicker />
        </footer>
      )}
      <Toasts />
    </>
  );
}
