/** The language: the account's saved setting first, then this device's choice, then the browser, then English. */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { chooseLocale, currentLocale, pickLocale, setCatalogue, storedLanguageChoice } from '../../web/lib/i18n.js';
import { UserLanguage } from '../../web/session/UserLanguage.js';
import { renderWithProviders } from './support/render.js';

afterEach(() => {
  vi.unstubAllGlobals();
  setCatalogue('en', en);
});

function serve(settings: unknown) {
  const calls: { method: string; url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body as string | undefined });
      const body = url === '/bff/session' ? { id: 's', identity: { id: 'i', traits: {} } } : settings;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('language', () => {
  it('is picked from the user’s choice, else the browser’s languages, else English', () => {
    expect(pickLocale('pl', ['de-DE'])).toBe('pl');
    expect(pickLocale(null, ['ja-JP', 'sv-SE', 'de'])).toBe('se');
    expect(pickLocale(null, ['ja-JP'])).toBe('en');
  });

  it('follows the account’s saved setting once signed in, and saves a language the user picks', async () => {
    const calls = serve({ locale: 'de', units: 'metric', defaultOrgId: null, updatedAt: '2026-11-01T10:00:00Z' });
    renderWithProviders(<UserLanguage />);
    await waitFor(() => expect(currentLocale()).toBe('de'));
    expect(document.documentElement.lang).toBe('de');
    expect(storedLanguageChoice()).toBe('de');
    await chooseLocale('fr');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/user/settings');
    expect(JSON.parse(put.body!)).toEqual({ locale: 'fr' });
  });

  it('keeps the device’s language when the account never saved one', async () => {
    const calls = serve({ locale: 'en', units: 'metric', defaultOrgId: null, updatedAt: null });
    setCatalogue('nl', {});
    renderWithProviders(<UserLanguage />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/settings')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLocale()).toBe('nl');
  });
});
