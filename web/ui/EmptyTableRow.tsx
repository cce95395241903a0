/**
 * The one row of a table that has none: a spinner while the rows load, then what to say. The
 * roles stay explicit because the phone layout turns table elements into blocks, which drops
 * their implicit roles.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.js';

export function EmptyTableRow({ columns, loading, children }: { columns: number; loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <tr role="row">
      <td role="cell" colSpan={columns} className="table-empty">
        {loading ? <span className="spinner" role="status" aria-label={t('common.loading')} /> : children}
      </td>
    </tr>
  );
}
