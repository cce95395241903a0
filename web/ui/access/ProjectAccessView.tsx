/**
 * What one person may do in one project, and why: each permission, grouped (see, survey, manage),
 * allowed or not, and for an allowed one the way in as a short chain read from the person to the
 * permission. Shown in the project's people dialog and on a person's page in the administration;
 * the screens showing it load its texts (texts.ts) with their own code.
 */
import { Fragment, useId, type ReactNode } from 'react';
import type { PermissionAccess, ProjectAccess } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import type { Translate } from '../../lib/translator.js';
import { groupPermissions } from './permission-groups.js';
import { whySteps, type Part, type Phrase } from './why-steps.js';
import '../data-table.css';
import './access.css';

export function ProjectAccessView({ access }: { access: ProjectAccess }) {
  const { t } = useTranslation();
  const id = useId();
  const allowed = access.permissions.filter((p) => p.allowed).length;
  return (
    <div className="access">
      <p className="access-summary">{t('access.summary', { count: access.permissions.length, allowed })}</p>
      {groupPermissions(access.permissions).map(({ group, permissions }) => (
        <section key={group} className="access-group" aria-labelledby={`${id}-${group}`}>
          <h3 id={`${id}-${group}`} className="access-group-title">
            {t(`access.groups.${group}`)}
          </h3>
          <ul className="access-list">
            {permissions.map((permission) => (
              <PermissionItem key={permission.id} access={access} permission={permission} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PermissionItem({ access, permission }: { access: ProjectAccess; permission: PermissionAccess }) {
  const { t } = useTranslation();
  const label = t(`access.permissions.${permission.id}`, { defaultValue: '' });
  const steps = permission.allowed ? whySteps(access, permission) : [];
  return (
    <li className="access-item" data-allowed={permission.allowed || undefined}>
      <div className="access-head">
        <span className="access-label">{label || <code>{permission.id}</code>}</span>
        <span className="status-badge" data-tone={permission.allowed ? 'good' : undefined}>
          {permission.allowed ? t('access.allowed') : t('access.denied')}
        </span>
      </div>
      {steps.length > 0 && (
        <ol className="access-chain" aria-label={t('access.whyLabel', { permission: label || permission.id })}>
          {steps.map((step, index) => (
            <li key={index} className="access-step">
              <PhraseView t={t} phrase={step} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** Separates a value's place in a translated sentence from the words around it. */
const MARK = '\u0000';

/** A sentence of the catalogue with its names emphasised and unknown relations as code. */
function PhraseView({ t, phrase }: { t: Translate; phrase: Phrase }): ReactNode {
  const marks = Object.fromEntries(Object.keys(phrase.values).map((name) => [name, `${MARK}${name}${MARK}`]));
  const pieces = t(`access.${phrase.key}`, marks).split(MARK);
  return pieces.map((piece, index) => {
    const part = index % 2 === 1 ? phrase.values[piece] : undefined;
    return <Fragment key={index}>{part ? <PartView t={t} part={part} /> : piece}</Fragment>;
  });
}

function PartView({ t, part }: { t: Translate; part: Part }): ReactNode {
  if ('name' in part) return <span className="access-name">{part.name}</span>;
  if ('code' in part) return <code className="access-code">{part.code}</code>;
  return <PhraseView t={t} phrase={part.phrase} />;
}
