/** Every component test renders in English, with a clean DOM and fresh toasts and storage. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { setCatalogue } from '../../../web/lib/i18n.js';
import { toastStore } from '../../../web/ui/toast-store.js';

setCatalogue('en', en);

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
