/**
 * The shared UI pieces on one page, for the browser test (test/e2e/ui-pieces.test.ts): served by
 * Vite from the sources, in English. `?open=confirm|upload|modal-<size>` opens a dialog at load.
 */
import { createRoot } from 'react-dom/client';
import enApp from '../../../locales/app/en.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import enFlows from '../../../locales/flows/en.json' with { type: 'json' };
import enSession from '../../../locales/session/en.json' with { type: 'json' };
import { setCatalogue } from '../../../web/lib/i18n.js';
import '../../../web/styles/base.css';
import './harness.css';
import { Harness } from './Harness.js';

setCatalogue('en', { ...en, ...enFlows, ...enSession, ...enApp, messages: { ...en.messages, ...enFlows.messages, ...enSession.messages } });
createRoot(document.getElementById('root')!).render(<Harness />);
