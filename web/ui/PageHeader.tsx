/**
 * The head of every signed-in page: breadcrumbs, the title, a line under it, the page's actions.
 * The tab's title is the page's, then the linked crumbs from nearest to farthest.
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title.js';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.js';
import './page-header.css';

export interface PageHeaderProps {
  title: string;
  crumbs?: readonly Crumb[];
  subtitle?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, crumbs = [], subtitle, actions }: PageHeaderProps) {
  useDocumentTitle([
    title,
    ...crumbs
      .filter((crumb) => crumb.href && crumb.label !== title)
      .map((crumb) => crumb.label)
      .reverse(),
  ]);
  return (
    <header className="page-header">
      <Breadcrumbs items={crumbs} />
      <div className="page-header-row">
        <div className="page-header-text">
          <h1 className="page-title">{title}</h1>
          {subtitle && <p className="page-subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
    </header>
  );
}
