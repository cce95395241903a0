/**
 * A save refused because the project moved on (409): someone else saved meanwhile. Saving again
 * would be refused too, so the notice offers to read the project again.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';

export function ConflictNotice({ onReload }: { onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  async function reload() {
    setPending(true);
    try {
      await onReload();
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="notice conflict-notice" role="alert">
      <p>{t('platformAdmin.conflict')}</p>
      <Button className="button button-secondary button-small" isPending={pending} onPress={() => void reload()}>
        {t('platformAdmin.reload')}
      </Button>
    </div>
  );
}
