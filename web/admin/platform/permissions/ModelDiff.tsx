/**
 * What saving the model changes, as a unified diff: removed lines with "−" and their old number,
 * added lines with "+" and their new number, three unchanged lines around each change and the
 * longer unchanged runs counted. The signs and colours are repeated in words for screen readers.
 */
import { useTranslation } from '../../../lib/i18n.js';
import { diffLines, withContext } from './line-diff.js';

const SIGN = { same: ' ', removed: '−', added: '+' } as const;

export function ModelDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const rows = withContext(diffLines(before, after));
  return (
    // Focusable: long lines scroll sideways, and keyboard users must be able to scroll it.
    <ol className="model-diff" aria-label={t('platformAdmin.model.diffLabel')} tabIndex={0}>
      {rows.map((row, index) =>
        row.kind === 'skipped' ? (
          <li key={index} className="diff-row" data-kind="skipped">
            <span className="diff-skipped">{t('platformAdmin.model.unchangedLines', { count: row.count })}</span>
          </li>
        ) : (
          <li key={index} className="diff-row" data-kind={row.kind}>
            <span className="diff-number" aria-hidden="true">
              {row.kind === 'added' ? '' : row.oldLine}
            </span>
            <span className="diff-number" aria-hidden="true">
              {row.kind === 'removed' ? '' : row.newLine}
            </span>
            <span className="diff-sign" aria-hidden="true">
              {SIGN[row.kind]}
            </span>
            {row.kind !== 'same' && <span className="visually-hidden">{t(row.kind === 'added' ? 'platformAdmin.model.addedLine' : 'platformAdmin.model.removedLine')}</span>}
            <code className="diff-text">{row.text || ' '}</code>
          </li>
        ),
      )}
    </ol>
  );
}
