/**
 * The organisation switcher: the caller's organisations by name; choosing one stores it
 * (`currentOrganizationId`/`currentOrganizationName`) and opens the same section there.
 */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n.js';
import { goTo } from '../lib/navigate.js';
import { persistentStorage } from '../lib/persistent-storage.js';
import type { CurrentOrganization } from './current-org.js';
import { pathForOrganization } from './org-path.js';

export function OrgSwitcher({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  if (!current.org) return null;
  return (
    <Select
      className="org-switcher"
      selectedKey={current.org.id}
      onSelectionChange={(key) => {
        const org = current.orgs.find((o) => o.id === key);
        if (!org || org.id === current.org?.id) return;
        persistentStorage.selectOrganization(org.id, org.name);
        goTo(pathForOrganization(path, org.id));
      }}
    >
      <Label className="visually-hidden">{t('shell.organization')}</Label>
      <Button className="org-switcher-button">
        <SelectValue className="org-switcher-value">{({ selectedText }) => selectedText}</SelectValue>
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </Button>
      <Popover className="popover" placement="bottom start">
        <ListBox className="menu" items={current.orgs}>
          {(org) => (
            <ListBoxItem id={org.id} textValue={org.name} className="menu-item">
              <span className="menu-item-label">{org.name}</span>
              {org.role && <span className="menu-item-hint">{t(`shell.roles.${org.role}`)}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
