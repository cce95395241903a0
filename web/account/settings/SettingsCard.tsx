/** One method's card on the settings screen: the anchor the navigation links to, and its title. */
import type { ReactNode } from 'react';

export interface SettingsCardProps {
  anchor: string;
  title: string;
  children: ReactNode;
}

export function SettingsCard({ anchor, title, children }: SettingsCardProps) {
  const headingId = `${anchor}-title`;
  return (
    <section id={anchor} className="settings-card" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="settings-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
