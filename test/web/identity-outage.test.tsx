/**
 * The identity service is down: the gateway answers a sign-in with a 502 in the error envelope
 * (test/server/faults/identity-killed.test.ts). The login card must take the reader to the error
 * card with that error, not retry in a loop or leave a blank form.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseErrorParam } from '../../web/account/cards/error-details.js';
import { ErrorView } from '../../web/account/cards/ErrorCard.js';
import { recoverFromFlowError } from '../../web/account/flow-recovery.js';
import { HttpError } from '../../web/lib/http.js';
import { renderWithProviders } from './support/render.js';

const { goTo } = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../web/lib/navigate.js', async (original) => ({ ...(await original<typeof import('../../web/lib/navigate.js')>()), goTo }));

// The gateway's answer, as the server test receives it.
const GATEWAY_502 = { error: { code: 502, status: 'Bad Gateway', reason: 'The identity service could not be reached', message: 'The upstream service could not be reached' } };

describe('sign-in while the identity service is down', () => {
  it('goes to the error card with the gateway’s error', async () => {
    const show = vi.fn();
    const error = new HttpError('Request failed with status code 502', 'ERR_BAD_RESPONSE', { status: 502, data: GATEWAY_502, headers: new Headers() });
    await recoverFromFlowError({ kind: 'login', show, setNotices: vi.fn(), translate: (key) => key }, error);
    expect(show).not.toHaveBeenCalled();
    expect(goTo).toHaveBeenCalledTimes(1);
    const target = new URL(String(goTo.mock.calls[0]![0]), 'http://app.test');
    expect(target.pathname).toBe('/error');

    const shown = parseErrorParam(target.searchParams.get('error'));
    expect(shown).toMatchObject({ code: 502, reason: 'The identity service could not be reached' });
    renderWithProviders(<ErrorView error={shown} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('An error occurred');
    // The reader learns the service is down and that waiting helps, not the service's own wording.
    expect(document.querySelector('.error-message')?.textContent).toBe('The service is not available right now. Please try again in a few minutes.');
  });
});
