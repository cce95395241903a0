/** The toast region, bottom right. Hover or a blurred window pauses it; a click dismisses a toast. */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/i18n.js';
import { toastStore } from './toast-store.js';

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
    <section
      className="toasts"
      aria-label={t('toast.region')}
      onMouseEnter={() => toastStore.pause('hover')}
      onMouseLeave={() => toastStore.resume('hover')}
    >
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          role="status"
          className={`toast toast-${toast.tone}`}
          title={t('toast.dismiss')}
          onClick={() => toastStore.dismiss(toast.id)}
        >
          {toast.text}
        </button>
      ))}
    </section>
  );
}
