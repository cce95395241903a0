/** Every component test renders in English, with a clean DOM and fresh toasts and storage. */
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { setCatalogue } from '../../../web/lib/i18n.js';
import { toastStore } from '../../../web/ui/toast-store.js';

setCatalogue('en', en);

beforeAll(async () => {
  // Screens written against react-i18next read the same catalogue through i18next.
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
