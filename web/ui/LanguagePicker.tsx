/**
 * Choose the language; the choice is remembered and only that language's texts are fetched.
 * A native select: fully keyboard- and screen-reader-usable, and it keeps the popover and
 * list-box machinery out of the sign-in page's first load.
 */
import { useId } from 'react';
import { LOCALES } from '../../shared/locales.js';
import { chooseLocale, isLocale, useTranslation } from '../lib/i18n.js';
import './LanguagePicker.css';

export function LanguagePicker() {
  const { t, locale } = useTranslation();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        className="language-select"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void chooseLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale === 'se' ? 'sv' : locale}>
            {t(`common.languages.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
