/**
 * The registration card's texts are not in the sign-in page's first catalogue: opening the card
 * brings them (beside its chunk, or before its flow is shown), so it reads in the reader's
 * language from its first paint.
 */
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import deFlows from '../../locales/flows/de.json' with { type: 'json' };
import { setCatalogue } from '../../web/lib/i18n.js';
import { AppRoutes } from '../../web/routes.js';
import registrationFresh from './fixtures/account/registration-fresh.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('opens the registration card in the reader’s language, though the first catalogue has none of its texts', async () => {
  expect(de).not.toHaveProperty('registration');
  window.history.replaceState(null, '', '/registration');
  setCatalogue('de', de);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(fixture(registrationFresh)), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  renderWithProviders(<AppRoutes />);
  expect(await screen.findByRole('heading', { level: 1, name: deFlows.registration.title })).toBeTruthy();
});
