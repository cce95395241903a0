/**
 * Choosing a user by typing part of their name or address: a combo box over the installation's
 * users (global administrators only), asking the API as the text changes.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ComboBox, FieldError, Input, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { api, dataOf } from '../../lib/api-client.js';
import { useTranslation } from '../../lib/i18n.js';
import { FieldLabel } from '../../ui/form/FieldLabel.js';
import { userKeys } from './queries.js';
import '../../ui/form/field.css';
import '../../ui/form/select.css';

const SHOWN = 20;

export function UserPicker({
  label,
  value,
  onChange,
  description,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  description?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // What the person typed; the chosen user's label echoed into the box is not a new search.
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const q = search.trim();
  const users = useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/users', { params: { query: { q: q || undefined, per_page: SHOWN } }, signal }), signal),
    placeholderData: (previous) => previous,
  });
  const found = (users.data?.items ?? []).map((u) => ({ id: u.id, label: `${`${u.firstName} ${u.lastName}`.trim() || u.email} <${u.email}>` }));
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
    >
      <FieldLabel label={label} />
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
