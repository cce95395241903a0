/**
 * The project's configuration as forms, one per group of settings, each saved on its own; the
 * social sign-in providers as a list; the whole document as JSON, folded away.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../../ui/QueryError.js';
import { ConfigJson } from './ConfigJson.js';
import { OAuth2SettingsForm } from './OAuth2SettingsForm.js';
import { PasswordPolicyForm } from './PasswordPolicyForm.js';
import { PermissionsForm } from './PermissionsForm.js';
import type { PlatformProject } from './platform-types.js';
import { RecoveryForm } from './RecoveryForm.js';
import { SessionsForm } from './SessionsForm.js';
import { SignInMethodsForm } from './SignInMethodsForm.js';
import { SocialProvidersPanel } from './SocialProvidersPanel.js';

export function SettingsPanel({ query }: { query: UseQueryResult<PlatformProject> }) {
  const project = query.data;
  if (!project) return query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : <div className="shell-loading spinner" />;
  const reload = () => query.refetch();
  return (
    <div className="platform-settings">
      <SignInMethodsForm project={project} onReload={reload} />
      <SocialProvidersPanel project={project} onReload={reload} />
      <RecoveryForm project={project} onReload={reload} />
      <PasswordPolicyForm project={project} onReload={reload} />
      <SessionsForm project={project} onReload={reload} />
      <OAuth2SettingsForm project={project} onReload={reload} />
      <PermissionsForm project={project} onReload={reload} />
      <ConfigJson project={project} />
    </div>
  );
}
