/** Start: pick the language (the user's choice, else the browser's, else English), load its one catalogue, render. */
// Base first, then every component's own styles (through App), then the account cards' contents.
import './styles/base.css';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, pickLocale, storedLanguageChoice } from './lib/i18n.js';
import './account/account.css';

const locale = pickLocale(storedLanguageChoice(), navigator.languages ?? [navigator.language]);
await initI18n(locale);
createRoot(document.getElementById('root')!).render(<App />);
