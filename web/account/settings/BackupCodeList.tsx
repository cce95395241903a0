/**
 * The backup recovery codes as a list: unused codes in full, spent ones in their place struck
 * through, with the time they were used in words (the service no longer gives out a spent code's
 * secret, and strike-through alone is not read out by screen readers).
 */
import { useTranslation } from '../../lib/i18n.js';
import { Button } from 'react-aria-components';
import type { UiNode } from '../../../shared/identity-flow.js';
import { toastStore } from '../../ui/toast-store.js';
import { useMessageText } from '../use-message-text.js';
import { backupCodes } from './backup-codes.js';

/** A spent code's place in the list: the length of a code, no secret. */
const SPENT_MASK = '••••••••';

export function BackupCodeList({ node }: { node: UiNode }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const codes = backupCodes(node);
  const unused = codes.flatMap((code) => (code.used ? [] : [code.secret]));
  const headingId = 'lookup_secret_codes-label';

  async function copy() {
    try {
      await navigator.clipboard.writeText(unused.join('\n'));
      toastStore.show(t('toast.copied'), 'success');
    } catch {
      toastStore.show(t('toast.genericError'), 'error');
    }
  }

  return (
    <div className="backup-codes">
      {node.meta.label && (
        <p id={headingId} className="node-text-label">
          {text(node.meta.label)}
        </p>
      )}
      <ul className="secret-list backup-codes-list" aria-labelledby={node.meta.label ? headingId : undefined}>
        {codes.map((code, index) =>
          code.used ? (
            <li key={index} className="backup-code backup-code-used">
              <del aria-hidden="true">{SPENT_MASK}</del>
              <span className="backup-code-used-at">{text(code.message)}</span>
            </li>
          ) : (
            <li key={index} className="backup-code">
              <code>{code.secret}</code>
            </li>
          ),
        )}
      </ul>
      {unused.length > 0 && typeof navigator !== 'undefined' && navigator.clipboard && (
        <Button className="button button-secondary backup-codes-copy" onPress={copy}>
          {t('common.copy')}
        </Button>
      )}
    </div>
  );
}
