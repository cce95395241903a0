/**
 * A global administrator who belongs to no organisation still reaches the installation's
 * administration: its pages are read in the gateway's `user` scope, the caller's own list alone,
 * so no selected organisation is needed to offer them, open the first one or show one.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstSection } from '../../web/admin/FirstSection.js';
import { GLOBAL_SECTIONS } from '../../web/shell/nav-items.js';
import { MainNav } from '../../web/shell/MainNav.js';
import { RequirePermission } from '../../web/shell/RequirePermission.js';
import { INSTALLATION_SCOPE, usePermissions } from '../../web/shell/use-permissions.js';
import { renderWithProviders } from './support/render.js';

/** `/bff/permissions` as the gateway answers it for a global administrator without an organisation. */
function permissionsAnswer(user: string[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, window.location.href);
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname !== '/bff/permissions') return new Response(null, { status: 404 });
      return new Response(JSON.stringify({ user, organization: null, project: null }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function NavInNoOrganisation() {
  return <MainNav orgId={null} permissions={usePermissions(INSTALLATION_SCOPE)} />;
}

beforeEach(() => window.history.replaceState(null, '', '/admin'));
afterEach(() => vi.unstubAllGlobals());

describe('the installation administration without an organisation', () => {
  it('opens the first section the caller may see from /admin', async () => {
    permissionsAnswer(['admin:users', 'admin:firmware']);
    renderWithProviders(<FirstSection sections={GLOBAL_SECTIONS} />);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/users'));
  });

  it('shows a page the caller may open, and refuses one it may not', async () => {
    permissionsAnswer(['admin:users']);
    renderWithProviders(
      <>
        <RequirePermission orgId={null} installation ids={['admin:users']}>
          <p>the users page</p>
        </RequirePermission>
        <RequirePermission orgId={null} installation ids={['admin:firmware']}>
          <p>the firmware page</p>
        </RequirePermission>
      </>,
    );
    expect(await screen.findByText('the users page')).toBeTruthy();
    expect(screen.queryByText('the firmware page')).toBeNull();
  });

  it('offers the administration in the top bar, and nothing that needs an organisation', async () => {
    permissionsAnswer(['admin:users', 'org:projects:read']);
    renderWithProviders(<NavInNoOrganisation />);
    const links = await screen.findAllByRole('link', { name: 'Administration' });
    expect(links[0]!.getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('link', { name: 'Projects' })).toBeNull();
  });
});
