/**
 * The organisation switcher: the caller's organisations by name, each a link to the same section
 * there; choosing one also stores it (`currentOrganizationId`/`currentOrganizationName`).
 */
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n.js';
import { persistentStorage } from '../lib/persistent-storage.js';
import { AppLink } from '../ui/AppLink.js';
import { PopoverPanel } from '../ui/PopoverPanel.js';
import type { CurrentOrganization } from './current-org.js';
import { pathForOrganization } from './org-path.js';

export function OrgSwitcher({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const selected = current.org;
  if (!selected) return null;
  return (
    <PopoverPanel
      buttonClassName="org-switcher-button"
      buttonLabel={`${selected.name}, ${t('shell.switchOrganization')}`}
      button={
        <>
          <span className="org-switcher-value">{selected.name}</span>
          <span aria-hidden="true" className="chevron">
            ▾
          </span>
        </>
      }
      panelLabel={t('shell.organization')}
    >
      <ul className="panel-list">
        {current.orgs.map((org) => (
          <li key={org.id}>
            <AppLink
              className="panel-item"
              href={pathForOrganization(path, org.id)}
              aria-current={org.id === selected.id ? 'true' : undefined}
              onClick={() => persistentStorage.selectOrganization(org.id, org.name)}
            >
              <span className="panel-check" aria-hidden="true">
                {org.id === selected.id ? '✓' : ''}
              </span>
              <span className="panel-item-label">{org.name}</span>
              {org.role && <span className="panel-item-hint">{t(`shell.roles.${org.role}`)}</span>}
            </AppLink>
          </li>
        ))}
      </ul>
    </PopoverPanel>
  );
}
