/** Start: pick the language (the user's choice, else the browser's, else English), load its one catalogue, render. */
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, pickLocale, storedLanguageChoice } from './lib/i18n.js';
import './styles.css';

const locale = pickLocale(storedLanguageChoice(), navigator.languages ?? [navigator.language]);
await initI18n(locale);
createRoot(document.getElementById('root')!).render(<App />);
