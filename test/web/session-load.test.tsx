/** Pages behind the session load it once; a failed load goes to the error card with the reason. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionGate } from '../../web/session/SessionGate.js';
import { sessionFailure } from '../../web/session/session-api.js';
import { HttpError } from '../../web/lib/http.js';
import { renderWithProviders } from './support/render.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('session load', () => {
  it('renders the page once the session is loaded, asking once', async () => {
    const fetchMock = answer(200, { id: 's', identity: { id: 'i', traits: {} } });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/settings');
    const { rerender } = renderWithProviders(
      <SessionGate>
        <p>inside</p>
      </SessionGate>,
    );
    expect(await screen.findByText('inside')).toBeTruthy();
    rerender(<p>elsewhere</p>);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/bff/session');
  });

  it('treats “not signed in” as an answer, not a failure', async () => {
    vi.stubGlobal('fetch', answer(200, null));
    window.history.replaceState(null, '', '/verification');
    renderWithProviders(
      <SessionGate>
        <p>inside</p>
      </SessionGate>,
    );
    expect(await screen.findByText('inside')).toBeTruthy();
    expect(window.location.pathname).toBe('/verification');
  });

  it('goes to /error with the error when the load fails', async () => {
    vi.stubGlobal('fetch', answer(400, { error: { code: 400, status: 'Bad Request', reason: 'Broken cookie', message: 'bad' } }));
    window.history.replaceState(null, '', '/settings');
    renderWithProviders(
      <SessionGate>
        <p>inside</p>
      </SessionGate>,
    );
    await waitFor(() => expect(window.location.pathname).toBe('/error'));
    const error = JSON.parse(new URLSearchParams(window.location.search).get('error')!);
    expect(error).toMatchObject({ code: 400, reason: 'Broken cookie' });
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('reports a failure with no answer as status 0, blaming cross-origin or address settings', () => {
    const text = sessionFailure(new HttpError('Network Error', 'ERR_NETWORK'), 'CORS or URL of the identity service');
    expect(JSON.parse(text)).toMatchObject({ code: 0, reason: 'CORS or URL of the identity service', message: 'Network Error' });
  });
});
