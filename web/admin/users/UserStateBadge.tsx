/** Whether a user may sign in: active, or deactivated by an administrator. */
import type { UserState } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

export function UserStateBadge({ state }: { state: UserState }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge" data-tone={state === 'active' ? 'good' : 'warn'}>
      {t(`admin.users.states.${state}`)}
    </span>
  );
}
