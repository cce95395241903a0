/** Under a list: which rows are shown of how many, the page size, and the way to the other pages. */
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../lib/i18n.js';
import { PER_PAGE_CHOICES } from '../lib/list-params.js';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** More than `total` rows exist (the API stopped counting): shown as "250+", and the next page stays open. */
  totalIsLowerBound?: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

export function Pagination({ page, perPage, total, totalIsLowerBound = false, onPage, onPerPage }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = Math.min(total, (page - 1) * perPage + 1);
  const last = Math.min(total, page * perPage);
  const number = new Intl.NumberFormat(i18n.language).format;
  const range = { first: number(first), last: number(last), total: number(total) };
  return (
    <nav className="pagination" aria-label={t('shell.pagination')}>
      <p className="pagination-range" aria-live="polite">
        {t(totalIsLowerBound ? 'shell.rangeOfAtLeast' : 'shell.rangeOfTotal', range)}
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
          <span className="pagination-page">
            {totalIsLowerBound
              ? t('shell.pageOfAtLeast', { page: number(page), pages: number(pages) })
              : t('shell.pageOf', { page: number(Math.min(page, pages)), pages: number(pages) })}
          </span>
          <Button className="button button-secondary button-small" isDisabled={!totalIsLowerBound && page >= pages} onPress={() => onPage(page + 1)}>
            {t('shell.nextPage')}
          </Button>
        </span>
      </div>
    </nav>
  );
}
