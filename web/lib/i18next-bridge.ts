/**
 * i18next for screens written against react-i18next, kept in step with the app's own texts
 * (lib/i18n.ts): the same catalogue, the same language, switched together. Loaded only with the
 * pages behind the session, so the sign-in page does not download it.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nState, onLocaleChange } from './i18n.js';

let started: Promise<void> | undefined;

async function follow(): Promise<void> {
  const { catalogue, i18n } = i18nState();
  if (!i18next.hasResourceBundle(i18n.language, 'translation')) i18next.addResourceBundle(i18n.language, 'translation', catalogue);
  if (i18next.language !== i18n.language) await i18next.changeLanguage(i18n.language);
}

export function startI18next(): Promise<void> {
  started ??= (async () => {
    const { catalogue, i18n } = i18nState();
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init({
        lng: i18n.language,
        fallbackLng: false,
        resources: { [i18n.language]: { translation: catalogue } },
        interpolation: { escapeValue: false },
      });
    }
    await follow();
    onLocaleChange(() => void follow());
  })();
  return started;
}
