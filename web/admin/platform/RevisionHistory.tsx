/**
 * Every change of the project's configuration, newest first: who made it (a global administrator,
 * by name where the members list knows them, or an API key, by its name while it exists), when,
 * and what it changed, one readable line per JSON Patch operation.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import type { Translate } from '../../lib/translator.js';
import { displayName } from '../../session/display-name.js';
import { useSession } from '../../session/use-session.js';
import { DateText } from '../../ui/DateText.js';
import { QueryError } from '../../ui/QueryError.js';
import type { ApiKey, PlatformMember, ProjectRevision } from './platform-types.js';
import { useApiKeys, useMembers, useRevisions } from './queries.js';
import { operationLine } from './revision-text.js';

const shortId = (id: string | null) => (id ?? '').slice(0, 8);

interface Names {
  members: readonly PlatformMember[];
  keys: readonly ApiKey[];
  /** The signed-in administrator: their own changes are named even without the members list. */
  me?: { id: string; name: string };
}

function actorText(t: Translate, actor: ProjectRevision['actor'], { members, keys, me }: Names): string {
  if (actor.kind === 'identity') {
    const member = members.find((m) => m.id === actor.id);
    if (member) return member.name || member.email;
    return actor.id === me?.id ? me.name : t('platformAdmin.history.administrator', { id: shortId(actor.id) });
  }
  if (actor.kind === 'api-key') {
    const key = keys.find((k) => k.id === actor.id);
    return key ? t('platformAdmin.history.apiKey', { name: key.name }) : t('platformAdmin.history.revokedKey', { id: shortId(actor.id) });
  }
  return t('platformAdmin.history.installation');
}

/** A sentence of the catalogue with its placeholders as code: "set {{path}} to {{value}}". */
function withCode(template: string, values: Record<string, string | undefined>): ReactNode[] {
  return template.split(/(\{\{\w+\}\})/).map((part, index) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    return name ? <code key={index}>{values[name] ?? ''}</code> : part;
  });
}

export function RevisionHistory({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const revisions = useRevisions(projectId);
  // Names for the ids revisions carry; without them the ids are shown.
  const members = useMembers(projectId);
  const keys = useApiKeys(projectId);
  const session = useSession();

  if (!revisions.data) {
    return revisions.isError ? <QueryError error={revisions.error} onRetry={() => void revisions.refetch()} /> : <div className="shell-loading spinner" />;
  }
  const names: Names = {
    members: members.data ?? [],
    keys: keys.data ?? [],
    me: session.data ? { id: session.data.identity.id, name: displayName(session.data) } : undefined,
  };
  return (
    <section className="panel" aria-labelledby="platform-history-title">
      <h2 id="platform-history-title" className="panel-title">
        {t('platformAdmin.history.title')}
      </h2>
      <p className="panel-text">{t('platformAdmin.history.text')}</p>
      <ol className="revision-list">
        {revisions.data.map((revision) => (
          <li key={revision.id} className="revision">
            <p className="revision-head">
              <span className="revision-actor">{actorText(t, revision.actor, names)}</span>
              <span className="revision-date">
                <DateText date={revision.created_at} withTime />
              </span>
            </p>
            {revision.actor.kind === 'installation' ? (
              <p className="revision-first">{t('platformAdmin.history.firstConfiguration')}</p>
            ) : (
              <ul className="revision-ops">
                {revision.patch.map((operation, index) => {
                  const line = operationLine(operation);
                  return <li key={index}>{withCode(t(`platformAdmin.history.ops.${line.verb}`), { path: line.path, from: line.from, value: line.value })}</li>;
                })}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
