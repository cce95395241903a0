/**
 * On a user's page, for administrators of the OAuth2 provider only: the applications the user
 * granted access. Its texts are fetched when it is first shown, not with the signed-in areas'.
 */
import { lazy, Suspense } from 'react';
import type { User } from '../../lib/api-types.js';
import { INSTALLATION_SCOPE, usePermissions } from '../../shell/use-permissions.js';
import { GrantedApplications } from './GrantedApplications.js';
import { loadOAuth2Texts } from './texts.js';

// The code comes with the user page (a separate chunk would split the shell's shared chunks); only the texts wait.
const WithTexts = lazy(async () => {
  await loadOAuth2Texts();
  return { default: GrantedApplications };
});

export function UserGrantsPanel({ user, name }: { user: User; name: string }) {
  const permissions = usePermissions(INSTALLATION_SCOPE);
  if (permissions.isPending || !permissions.can('admin:oauth2')) return null;
  return (
    <Suspense fallback={<div className="spinner" />}>
      <WithTexts user={user} name={name} />
    </Suspense>
  );
}
