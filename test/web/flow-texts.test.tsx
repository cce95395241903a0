/**
 * The identity service's error messages are not in the sign-in page's first catalogue: a refused
 * sign-in still reads in the reader's language, the flow texts fetched beside the request.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import deFlows from '../../locales/flows/de.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { LoginCard } from '../../web/account/cards/LoginCard.js';
import { setCatalogue } from '../../web/lib/i18n.js';
import fresh from './fixtures/account/login-fresh.json' with { type: 'json' };
import wrongPassword from './fixtures/account/login-wrong-password.json' with { type: 'json' };
import { fixture, renderWithProviders } from './support/render.js';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows a refused sign-in in the reader’s language, though the first catalogue has no error texts', async () => {
  expect(de.messages).not.toHaveProperty('4000006');
  window.history.replaceState(null, '', '/login');
  setCatalogue('de', de);
  const refused = fixture(wrongPassword);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) =>
      (init.method ?? 'GET') === 'POST' ? reply(400, refused) : reply(200, { ...fixture(fresh), id: refused.id, ui: { ...fixture(fresh).ui, action: refused.ui.action } }),
    ),
  );
  renderWithProviders(<LoginCard />);
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox'), 'nobody@example.com');
  await user.type(document.querySelector<HTMLInputElement>('input[name="password"]')!, 'not the password');
  await user.click(screen.getByRole('button', { name: de.messages['1010022'] }));
  expect(await screen.findByText(deFlows.messages['4000006'])).toBeTruthy();
  expect(screen.queryByText(refused.ui.messages[0]!.text)).toBeNull();
});
