/**
 * A secret the server answers only once (a device's upload token, a recovery link or code):
 * shown in full with a copy button and a sentence saying it will not be shown again.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';
import './secret-reveal.css';

export function SecretReveal({ label, value, warning }: { label: string; value: string; warning?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Without clipboard access the value stays selectable on screen.
      setCopied(false);
    }
  }
  return (
    <div className="secret-reveal">
      <p className="secret-reveal-label">{label}</p>
      <div className="secret-reveal-row">
        <code className="secret-reveal-value" aria-label={label}>
          {value}
        </code>
        <Button className="button button-secondary secret-reveal-copy" onPress={() => void copy()}>
          {copied ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
      {warning && <p className="secret-reveal-warning">{warning}</p>}
      <span className="visually-hidden" role="status">
        {copied ? t('common.copied') : ''}
      </span>
    </div>
  );
}
