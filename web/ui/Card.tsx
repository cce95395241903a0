/** The account cards' frame: a centred card with a title (also the tab's), an optional subtitle and a footer. */
import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { AppLink } from './AppLink.js';
import './Card.css';
import './spinner.css';

export interface CardProps {
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}

export function Card({ title, subtitle, footer, children, wide = false }: CardProps) {
  const titleId = useId();
  useDocumentTitle([title]);
  return (
    <main id="main" className="page">
      <section className={wide ? 'card card-wide' : 'card'} aria-labelledby={titleId}>
        <header className="card-header">
          <h1 id={titleId} className="card-title">
            {title}
          </h1>
          {subtitle && <p className="card-subtitle">{subtitle}</p>}
        </header>
        <div className="card-body">{children}</div>
        {footer && <footer className="card-footer">{footer}</footer>}
      </section>
    </main>
  );
}

/** "Question? Link" under a card. */
export function FooterLink({ prompt, label, href }: { prompt: string; label: string; href: string }) {
  return (
    <p>
      {prompt}{' '}
      <AppLink className="link" href={href}>
        {label}
      </AppLink>
    </p>
  );
}

export function LoadingCard() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <div className="card card-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    </main>
  );
}
