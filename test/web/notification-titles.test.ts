/**
 * Notification titles in the reader's language: each kind the API records has its title in all
 * eight catalogues, filled with the values the notification's data carries; a notification without
 * them (recorded before they were) or of a kind this client does not know keeps the API's title.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { notificationTitle } from '../../web/shell/notification-queries.js';
import { createTranslator, type Catalogue } from '../../web/lib/translator.js';

const appDir = fileURLToPath(new URL('../../locales/app/', import.meta.url));
const translator = (locale: string) => createTranslator(JSON.parse(readFileSync(`${appDir}${locale}.json`, 'utf8')) as Catalogue, locale === 'se' ? 'sv' : locale);

/** As the API records them: its English title, and the title's values in `data`. */
const RECORDED = [
  { kind: 'invite.accepted', title: 'Ada Lovelace joined the organisation', data: { inviteId: 'i1', name: 'Ada Lovelace' }, values: ['Ada Lovelace'] },
  { kind: 'subscription.started', title: 'Subscription started: Lobby', data: { deviceId: 'd1', device: 'Lobby' }, values: ['Lobby'] },
  { kind: 'subscription.cancelled', title: 'Subscription cancelled: Lobby', data: { deviceId: 'd1', device: 'Lobby' }, values: ['Lobby'] },
  { kind: 'subscription.ended', title: 'Subscription ended: Lobby', data: { deviceId: 'd1', device: 'Lobby' }, values: ['Lobby'] },
  { kind: 'firmware.released', title: 'Firmware 2.1.0 for AP-200', data: { releaseId: 'r1', version: '2.1.0', deviceModel: 'AP-200' }, values: ['2.1.0', 'AP-200'] },
];

describe('notification titles', () => {
  it('are the API’s own in English, filled from the data', () => {
    const t = translator('en');
    for (const n of RECORDED) expect(notificationTitle(t, n)).toBe(n.title);
  });

  it('are translated in every other language, with the names the data carries', () => {
    const untranslated: string[] = [];
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const t = translator(locale);
      for (const n of RECORDED) {
        const shown = notificationTitle(t, n);
        if (shown === n.title || /\{\{/.test(shown) || !n.values.every((v) => shown.includes(v))) untranslated.push(`${locale} ${n.kind}: ${shown}`);
      }
    }
    expect(untranslated).toEqual([]);
    expect(notificationTitle(translator('de'), RECORDED[1]!)).toBe('Abonnement gestartet: Lobby');
  });

  it('keep the API’s title when the data lacks the values, or the kind is unknown', () => {
    const t = translator('de');
    expect(notificationTitle(t, { kind: 'subscription.started', title: 'Subscription started: Lobby', data: { deviceId: 'd1' } })).toBe('Subscription started: Lobby');
    expect(notificationTitle(t, { kind: 'device.exploded', title: 'Something new', data: { device: 'Lobby' } })).toBe('Something new');
  });
});
