/** The toast region, bottom right. Hover or a blurred window pauses it; a click dismisses a toast. */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n.js';
import { toastStore } from './toast-store.js';
import './Toasts.css';

export function Toasts() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);

  useEffect(() => {
    const blur = () => toastStore.pause('window');
    const focus = () => toastStore.resume('window');
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
    };
  }, []);

  return (
    <section className="toasts" aria-label={t('toast.region')} onMouseEnter={() => toastStore.pause('hover')} onMouseLeave={() => toastStore.resume('hover')}>
      {toasts.map((toast) => (
        // A click anywhere on the toast dismisses it; the close button gives keyboards the same.
        <div key={toast.id} role="status" className={`toast toast-${toast.tone}`} onClick={() => toastStore.dismiss(toast.id)}>
          <span className="toast-text">{toast.text}</span>
          <button type="button" className="toast-close" aria-label={t('toast.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
