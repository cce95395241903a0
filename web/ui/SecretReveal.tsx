/**
 * A secret the server answers only once (a device's upload token, a recovery link or code):
 * shown in full with a copy button and a sentence saying it will not be shown again.
 */
import { CopyButton } from './CopyButton.js';
import './secret-reveal.css';

export function SecretReveal({ label, value, warning }: { label: string; value: string; warning?: string }) {
  return (
    <div className="secret-reveal">
      <p className="secret-reveal-label">{label}</p>
      <div className="secret-reveal-row">
        <code className="secret-reveal-value" aria-label={label}>
          {value}
        </code>
        <CopyButton value={value} className="button button-secondary secret-reveal-copy" />
      </div>
      {warning && <p className="secret-reveal-warning">{warning}</p>}
    </div>
  );
}
