/**
 * A person's role as a compact choice inside a table row (organisation members, project people);
 * the label names whose role it is. A native select: light, and familiar on a phone.
 */
export function RoleSelect<R extends string>({
  label,
  value,
  roles,
  roleName,
  onChange,
  isDisabled = false,
}: {
  label: string;
  value: R;
  roles: readonly R[];
  roleName: (role: R) => string;
  onChange: (role: R) => void;
  isDisabled?: boolean;
}) {
  return (
    <select
      className="filter-select-control"
      aria-label={label}
      value={value}
      disabled={isDisabled}
      onChange={(event) => {
        const next = roles.find((r) => r === event.target.value);
        if (next && next !== value) onChange(next);
      }}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}
