/** The signed-in person's menu: who they are, account settings, the language, signing out. */
import { LOCALES } from '../../shared/locales.js';
import type { Session } from '../../shared/identity-session.js';
import { chooseLocale, useTranslation } from '../lib/i18n.js';
import { displayName, initialsOf } from '../session/display-name.js';
import { AppLink } from '../ui/AppLink.js';
import { PopoverPanel } from '../ui/PopoverPanel.js';

export function UserMenu({ session }: { session: Session }) {
  const { t, locale } = useTranslation();
  const name = displayName(session);
  return (
    <PopoverPanel
      buttonClassName="user-button"
      button={
        <>
          <span className="avatar" aria-hidden="true">
            {initialsOf(name)}
          </span>
          <span className="user-button-name">{name}</span>
        </>
      }
      panelLabel={name}
      align="end"
    >
      <p className="panel-heading">{t('shell.signedInAs', { name })}</p>
      <ul className="panel-list">
        <li>
          <AppLink className="panel-item" href="/settings">
            {t('shell.accountSettings')}
          </AppLink>
        </li>
      </ul>
      <hr className="panel-separator" />
      <p className="panel-heading" id="user-menu-language">
        {t('common.language')}
      </p>
      <ul className="panel-list" aria-labelledby="user-menu-language">
        {LOCALES.map((code) => (
          <li key={code}>
            <button type="button" className="panel-item" lang={code === 'se' ? 'sv' : code} aria-pressed={code === locale} onClick={() => void chooseLocale(code)}>
              <span className="panel-check" aria-hidden="true">
                {code === locale ? '✓' : ''}
              </span>
              {t(`common.languages.${code}`)}
            </button>
          </li>
        ))}
      </ul>
      <hr className="panel-separator" />
      <ul className="panel-list">
        <li>
          <AppLink className="panel-item" href="/logout">
            {t('shell.signOut')}
          </AppLink>
        </li>
      </ul>
    </PopoverPanel>
  );
}
