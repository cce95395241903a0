/**
 * The settings screen's side navigation: an optional Back entry, one entry per method the flow
 * offers (linking to its card's anchor), then Logout. Section entries are plain in-page anchors,
 * so the browser scrolls to the card and moves focus there; the app's router would only change
 * the address.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { AppLink } from '../../ui/AppLink.js';
import type { SettingsSection } from './settings-sections.js';

export interface SettingsNavProps {
  sections: readonly SettingsSection[];
  backUrl?: string;
  logoutUrl: string;
}

function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash.slice(1);
}

export function SettingsNav({ sections, backUrl, logoutUrl }: SettingsNavProps) {
  const { t } = useTranslation();
  const [hash, setHash] = useState(currentHash);

  useEffect(() => {
    const update = () => setHash(currentHash());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);

  return (
    <nav className="settings-nav" aria-label={t('settings.nav.label')}>
      <ul>
        {backUrl && (
          <li>
            <AppLink className="settings-nav-link settings-nav-back" href={backUrl}>
              {t('settings.nav.back')}
            </AppLink>
          </li>
        )}
        {sections.map((section) => (
          <li key={section.method}>
            <a className="settings-nav-link" href={`#${section.anchor}`} aria-current={hash === section.anchor ? 'location' : undefined}>
              {t(`settings.nav.${section.navKey}`)}
            </a>
          </li>
        ))}
        <li>
          <AppLink className="settings-nav-link settings-nav-logout" href={logoutUrl}>
            {t('settings.nav.logout')}
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}
