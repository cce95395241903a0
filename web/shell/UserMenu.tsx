/** The signed-in person's menu: who they are, account settings, the language, signing out. */
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { LOCALES } from '../../shared/locales.js';
import type { Session } from '../../shared/identity-session.js';
import { chooseLocale, isLocale, useTranslation } from '../lib/i18n.js';
import { displayName, initialsOf } from '../session/display-name.js';

export function UserMenu({ session }: { session: Session }) {
  const { t, locale } = useTranslation();
  const name = displayName(session);
  return (
    <MenuTrigger>
      <Button className="user-button">
        <span className="avatar" aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className="user-button-name">{name}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu user-menu">
          <MenuSection>
            <Header className="menu-header">{t('home.signedInAs', { name })}</Header>
            <MenuItem id="settings" href="/settings" className="menu-item">
              {t('home.settings')}
            </MenuItem>
          </MenuSection>
          <Separator className="menu-separator" />
          <MenuSection
            selectionMode="single"
            selectedKeys={[locale]}
            onSelectionChange={(keys) => {
              const [chosen] = keys === 'all' ? [] : [...keys];
              if (isLocale(chosen)) void chooseLocale(chosen);
            }}
          >
            <Header className="menu-header">{t('common.language')}</Header>
            {LOCALES.map((code) => (
              <MenuItem key={code} id={code} className="menu-item" textValue={t(`common.languages.${code}`)}>
                {({ isSelected }) => (
                  <>
                    <span className="menu-check" aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    <span lang={code === 'se' ? 'sv' : code}>{t(`common.languages.${code}`)}</span>
                  </>
                )}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className="menu-separator" />
          <MenuSection>
            <MenuItem id="logout" href="/logout" className="menu-item">
              {t('home.logout')}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
