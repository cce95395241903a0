import { useCallback } from 'react';
import { useTranslation } from '../lib/i18n.js';
import type { UiText } from '../../shared/identity-flow.js';
import { messageText } from '../lib/message-text.js';

/** `(message) => text` in the current language. */
export function useMessageText(): (message: UiText | undefined) => string {
  const { t, i18n } = useTranslation();
  return useCallback((message) => (message ? messageText(t, message, i18n.language) : ''), [t, i18n.language]);
}
