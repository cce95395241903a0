/**
 * Copies a value to the clipboard and says so: the button reads "Copied" for a moment and a
 * screen reader hears it. Without clipboard access the value stays selectable on screen.
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';

const COPIED_SHOWN_MS = 2500;

export function CopyButton({ value, label, className = 'button button-secondary' }: { value: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <>
      <Button className={className} aria-label={label} onPress={() => void copy()}>
        {copied ? t('common.copied') : t('common.copy')}
      </Button>
      <span className="visually-hidden" role="status">
        {copied ? t('common.copied') : ''}
      </span>
    </>
  );
}
