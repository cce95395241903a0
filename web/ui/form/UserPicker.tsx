/**
 * Choosing a user by typing part of their name or address: a combo box over the users a `source`
 * offers (the installation's for administrators, an organisation's for a project), asking the
 * API as the text changes.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ComboBox, FieldError, Input, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { personName } from '../../lib/person-name.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';
import './select.css';

/** How many matches a search shows: enough to pick from, few enough to read. */
export const USER_PICKER_SHOWN = 20;

export interface PickableUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface UserSource {
  /** The query key of one search. */
  key: (q: string) => QueryKey;
  /** At most USER_PICKER_SHOWN users matching `q` (all of them when it is empty). */
  search: (q: string, signal: AbortSignal) => Promise<readonly PickableUser[]>;
}

export function UserPicker({
  label,
  source,
  exclude,
  value,
  onChange,
  description,
  error,
  isRequired,
}: {
  label: string;
  source: UserSource;
  /** Users not to offer, such as those a list already holds. */
  exclude?: ReadonlySet<string>;
  value: string | null;
  onChange: (userId: string | null) => void;
  description?: string;
  error?: string;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // What the person typed; the chosen user's label echoed into the box is not a new search.
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const q = search.trim();
  const users = useQuery({
    queryKey: source.key(q),
    queryFn: ({ signal }) => source.search(q, signal),
    placeholderData: (previous) => previous,
  });
  const found = (users.data ?? []).filter((u) => !exclude?.has(u.id)).map((u) => ({ id: u.id, label: `${personName(u)} <${u.email}>` }));
  // The chosen user stays in the list, so the box keeps showing them whatever the last search found.
  const items = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <ComboBox
      className="field"
      items={items}
      selectedKey={value}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next === chosen?.label) return;
        setSearch(next);
        if (!next) {
          setChosen(null);
          onChange(null);
        }
      }}
      onSelectionChange={(key: Key | null) => {
        const item = items.find((candidate) => candidate.id === key) ?? null;
        // Typing over a choice deselects it; keep the last choice until the box is emptied.
        if (!item) return;
        setChosen(item);
        setText(item.label);
        onChange(item.id);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      isInvalid={!!error}
      isRequired={isRequired}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control">
        <Input className="input" placeholder={t('admin.users.pickerPlaceholder')} />
      </div>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="select-popover">
        <ListBox className="select-list" renderEmptyState={() => <p className="select-empty">{t('shell.noMatches')}</p>}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} className="select-option" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
