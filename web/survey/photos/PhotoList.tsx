/** The floor's photos beside its walks, grouped by the walk they were taken on; each opens its lightbox. */
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { DateText } from '../../ui/DateText.js';
import { photoName } from './photo-name.js';
import type { WalkGroup } from './photo-order.js';

interface Props {
  groups: readonly WalkGroup[];
  total: number;
  mayWrite: boolean;
  onOpen: (id: string) => void;
}

export function PhotoList({ groups, total, mayWrite, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="photo-list" aria-labelledby={titleId}>
      <h3 id={titleId} className="panel-title photo-list-title">
        {t('survey.photos.title')}
        {total > 0 && <span className="photo-list-count">{new Intl.NumberFormat(i18n.language).format(total)}</span>}
      </h3>
      {total === 0 && <p className="panel-text">{t(mayWrite ? 'survey.photos.empty' : 'survey.photos.emptyReadOnly')}</p>}
      {groups.map((group) => (
        <div key={group.track?.id ?? 'none'} className="photo-group">
          <h4 className="photo-group-title">{group.track?.name ?? t('survey.photos.noWalk')}</h4>
          <ul className="photo-items">
            {group.photos.map((item) => (
              <li key={item.photo.id}>
                <Button className="photo-item" onPress={() => onOpen(item.photo.id)}>
                  {/* Heard as on the pin ("Photo 3: Riser cupboard"), then the date. */}
                  <span className="visually-hidden">{photoName(t, item)}</span>
                  <span className="photo-number" aria-hidden="true">
                    {item.number}
                  </span>
                  <span className="photo-item-text">
                    <span className="photo-item-caption" aria-hidden="true" data-empty={item.photo.caption.trim() ? undefined : true}>
                      {item.photo.caption.trim() || t('survey.photos.noCaption')}
                    </span>
                    <span className="photo-item-date">
                      <DateText date={item.photo.createdAt} withTime />
                    </span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
