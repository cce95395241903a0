/** A member's role as a compact choice inside a table row; the label names whose role it is. */
import type { OrgRole } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { ORG_ROLES } from './queries.js';

export function RoleSelect({ label, value, onChange, isDisabled = false }: { label: string; value: OrgRole; onChange: (role: OrgRole) => void; isDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <select
      className="filter-select-control"
      aria-label={label}
      value={value}
      disabled={isDisabled}
      onChange={(event) => {
        const next = ORG_ROLES.find((r) => r === event.target.value);
        if (next && next !== value) onChange(next);
      }}
    >
      {ORG_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`shell.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}
