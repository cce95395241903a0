/** Every component test renders in English (account and signed-in areas' texts), with a clean DOM and fresh toasts and storage. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import enApp from '../../../locales/app/en.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import enFlows from '../../../locales/flows/en.json' with { type: 'json' };
import enSession from '../../../locales/session/en.json' with { type: 'json' };
import { setCatalogue } from '../../../web/lib/i18n.js';
import { toastStore } from '../../../web/ui/toast-store.js';

setCatalogue('en', { ...en, ...enFlows, ...enSession, ...enApp, messages: { ...en.messages, ...enFlows.messages, ...enSession.messages } });

afterEach(() => {
  cleanup();
  toastStore.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
