/**
 * The signed-in user's language setting (`/api/user/settings`) comes first: once the session is
 * known, a saved setting replaces the device's or the browser's language, and a language the
 * user picks is saved to the account. Renders nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '../../shared/locales.js';
import { request } from '../lib/http.js';
import { changeLocale, currentLocale, isLocale, onLocaleChosen } from '../lib/i18n.js';
import { userSettingsKeys } from '../lib/query-keys.js';
import { useSession } from './use-session.js';

interface UserSettings {
  locale: string;
  /** null until the user has saved a setting: the default locale is then no choice of theirs. */
  updatedAt: string | null;
}

export const USER_SETTINGS_PATH = '/api/user/settings';

export function UserLanguage() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const settings = useQuery({
    queryKey: userSettingsKeys.current(),
    queryFn: async ({ signal }) => (await request<UserSettings>(USER_SETTINGS_PATH, { signal })).data,
    enabled: signedIn,
    retry: 0,
  });
  const saved = settings.data?.updatedAt ? settings.data.locale : undefined;

  useEffect(() => {
    if (isLocale(saved) && saved !== currentLocale()) void changeLocale(saved);
  }, [saved]);

  useEffect(() => {
    if (!signedIn) return undefined;
    return onLocaleChosen((locale: Locale) => {
      request(USER_SETTINGS_PATH, { method: 'PUT', body: { locale } }).catch(() => {
        // Kept on this device only; the account setting stays as it was.
      });
    });
  }, [signedIn]);

  return null;
}
