/** The providers every page shares: data cache, client-side links, toasts. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { goTo } from './lib/navigate.js';
import { AppRoutes } from './routes.js';
import { LanguagePicker } from './ui/LanguagePicker.js';
import { Toasts } from './ui/Toasts.js';

export function App({ queryClient }: { queryClient: QueryClient }) {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={(path) => goTo(path)}>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <AppRoutes />
        <footer className="page-footer">
          <LanguagePicker />
        </footer>
        <Toasts />
      </RouterProvider>
    </QueryClientProvider>
  );
}
