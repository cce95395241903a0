/**
 * The share page's two client pieces that carry its guarantees: the survey source sends every read
 * of a link to that link's `/api/share/{token}/…` mirror (and the signed-in source to the session
 * routes, as before), and a closed link says why in the reader's language.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import deApp from '../../locales/app/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import enApp from '../../locales/app/en.json' with { type: 'json' };
import se from '../../locales/se.json' with { type: 'json' };
import seApp from '../../locales/app/se.json' with { type: 'json' };
import { HttpError } from '../../web/lib/http.js';
import { setCatalogue } from '../../web/lib/i18n.js';
import { ShareClosed } from '../../web/share/ShareClosed.js';

const calls: Request[] = [];

beforeEach(() => {
  calls.length = 0;
  // The typed client is built once on import: the browser's fetch is replaced before that.
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push(input);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setCatalogue('en', { ...en, ...enApp }));
});

describe('the survey source', () => {
  const readAll = async (source: import('../../web/survey/survey-source.js').SurveySource) => {
    const signal = new AbortController().signal;
    await source.floorplans('f1', 100, signal);
    await source.tracks('f1', 100, signal);
    await source.datasets('t1', 2, 100, signal);
    await source.points('t1', signal);
    await source.walls('fp1', signal);
    await source.photos('f1', 100, signal);
    await source.technologies(signal);
    await source.stats('p1', signal);
    await source.networkStatistics('p1', { page: 1, per_page: 25, sort: 'signal' }, signal);
    await source.channels('p1', 100, signal);
    await source.namedNetworks('p1', 3, 100, signal);
    return calls.map((call) => new URL(call.url).pathname);
  };

  it('reads a link’s mirrors only, never a session route', async () => {
    const { shareSource } = await import('../../web/survey/survey-source.js');
    const base = '/api/share/tok_en-1';
    expect(await readAll(shareSource('tok_en-1'))).toEqual([
      `${base}/floors/f1/floorplans`,
      `${base}/floors/f1/tracks`,
      `${base}/tracks/t1/datasets`,
      `${base}/tracks/t1/points`,
      `${base}/floorplans/fp1/walls`,
      `${base}/floors/f1/photos`,
      `${base}/networktechnologies`,
      `${base}/stats`,
      `${base}/statistics/networkstatistics`,
      `${base}/statistics/channels`,
      `${base}/statistics/networks`,
    ]);
    expect(new URL(calls[2]!.url).search).toBe('?include=values&page=2&per_page=100');
  });

  it('reads the signed-in routes by default', async () => {
    const { sessionSource } = await import('../../web/survey/survey-source.js');
    expect(await readAll(sessionSource)).toEqual([
      '/api/floors/f1/floorplans',
      '/api/floors/f1/tracks',
      '/api/tracks/t1/datasets',
      '/api/tracks/t1/points',
      '/api/floorplans/fp1/walls',
      '/api/floors/f1/photos',
      '/api/networktechnologies',
      '/api/projects/p1/stats',
      '/api/projects/p1/statistics/networkstatistics',
      '/api/projects/p1/statistics/channels',
      '/api/projects/p1/statistics/networks',
    ]);
  });
});

const closed = (status: number, id: string, details?: Record<string, unknown>) =>
  new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', { status, headers: new Headers(), data: { error: { code: status, id, details } } });

describe('a closed link', () => {
  it('says when it expired, in German', () => {
    act(() => setCatalogue('de', { ...de, ...deApp }));
    render(<ShareClosed error={closed(410, 'share_expired', { expiresAt: '2026-12-25T22:59:59.000Z' })} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Link abgelaufen' })).toBeDefined();
    expect(screen.getByText(/Dieser Link ist am 25\. Dezember 2026 um \d{2}:59 abgelaufen\./)).toBeDefined();
  });

  it('says it was revoked, in Swedish', () => {
    act(() => setCatalogue('se', { ...se, ...seApp }));
    render(<ShareClosed error={closed(410, 'share_revoked')} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Länken har återkallats' })).toBeDefined();
    expect(screen.getByText(/Länkens ägare har återkallat den\./)).toBeDefined();
  });

  it('names an unknown link, and offers to retry any other failure', () => {
    const onRetry = vi.fn();
    const { unmount } = render(<ShareClosed error={closed(404, 'share_not_found')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Link not found' })).toBeDefined();
    unmount();
    render(<ShareClosed error={closed(502, '')} onRetry={onRetry} />);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('the share page’s address', () => {
  it('is a client route the gateway answers with the app, for a token-shaped segment only', async () => {
    const { isClientRoute } = await import('../../shared/client-routes.js');
    expect(isClientRoute('/share/rZ5h4uZlpXlrfSpx64kV8SBknEIwgqwDFvNn7_pM9yg')).toBe(true);
    expect(isClientRoute('/share')).toBe(false);
    expect(isClientRoute('/share/a/b')).toBe(false);
    expect(isClientRoute('/share/a.b')).toBe(false);
  });
});
