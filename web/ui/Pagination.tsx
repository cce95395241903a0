/** Under a list: which rows are shown of how many, the page size, and the way to the other pages. */
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';
import { PER_PAGE_CHOICES } from '../lib/list-params.js';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

export function Pagination({ page, perPage, total, onPage, onPerPage }: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = Math.min(total, (page - 1) * perPage + 1);
  const last = Math.min(total, page * perPage);
  return (
    <nav className="pagination" aria-label={t('shell.pagination')}>
      <p className="pagination-range" aria-live="polite">
        {t('shell.rangeOfTotal', { first, last, total })}
      </p>
      <div className="pagination-controls">
        <label htmlFor={sizeId} className="pagination-size-label">
          {t('shell.perPage')}
        </label>
        <select id={sizeId} className="pagination-size" value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
          {PER_PAGE_CHOICES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span className="pagination-pages">
          <Button className="button button-secondary button-small" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
            {t('shell.previousPage')}
          </Button>
          <span className="pagination-page">{t('shell.pageOf', { page: Math.min(page, pages), pages })}</span>
          <Button className="button button-secondary button-small" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
            {t('shell.nextPage')}
          </Button>
        </span>
      </div>
    </nav>
  );
}
