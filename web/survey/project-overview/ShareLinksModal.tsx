/**
 * A project's read-only links, from its page: make one (its address is shown once, to copy),
 * see every link with its floors, end, last use and state, and revoke one after confirming (it
 * stops working at once; the list keeps it as revoked).
 */
import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import type { CreatedShareLink, Floor, ShareLink } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { DateText } from '../../ui/DateText.js';
import { Modal } from '../../ui/Modal.js';
import { QueryError } from '../../ui/QueryError.js';
import { toastStore } from '../../ui/toast-store.js';
import { NewShareLinkForm } from './NewShareLinkForm.js';
import { useRevokeShareLink, useShareLinks } from './share-queries.js';
import '../../ui/data-table.css';
import './share-links.css';
import '../../ui/form/field.css';

interface Props {
  projectId: string;
  floors: readonly Floor[];
  onClose: () => void;
}

export function ShareLinksModal({ projectId, floors, onClose }: Props) {
  const { t } = useTranslation();
  const links = useShareLinks(projectId);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);

  return (
    <Modal
      isOpen
      size="2XL"
      onOpenChange={(open) => !open && onClose()}
      title={t('survey.shares.title')}
      footer={
        <Button className="button button-secondary" onPress={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <p className="panel-text">{t('survey.shares.intro')}</p>
      {created && <CreatedLink created={created} />}
      <NewShareLinkForm projectId={projectId} floors={floors} onCreated={setCreated} />
      <section className="share-links" aria-labelledby="share-list-title">
        <h3 id="share-list-title" className="panel-title">
          {t('survey.shares.list')}
        </h3>
        {links.isError ? (
          <QueryError error={links.error} onRetry={() => void links.refetch()} />
        ) : !links.data ? (
          <div className="spinner" role="status" aria-label={t('common.loading')} />
        ) : links.data.items.length === 0 ? (
          <p>{t('survey.shares.none')}</p>
        ) : (
          <ul className="share-link-list">
            {links.data.items.map((link) => (
              <ShareLinkItem key={link.id} projectId={projectId} link={link} floors={floors} />
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}

/** The new link's address, the one time it is known. */
function CreatedLink({ created }: { created: CreatedShareLink }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${created.path}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toastStore.show(t('survey.shares.copied'), 'success');
    } catch {
      toastStore.show(t('survey.shares.copyFailed'), 'error');
    }
  }
  return (
    <div className="share-created" role="status">
      <p>{t('survey.shares.created', { label: created.share.label })}</p>
      <div className="share-created-row">
        <TextField className="field share-created-field" value={url} isReadOnly>
          <Label className="field-label">{t('survey.shares.address')}</Label>
          <Input className="input share-created-input" onFocus={(event) => event.currentTarget.select()} />
        </TextField>
        <Button className="button button-primary" onPress={() => void copy()}>
          {t('survey.shares.copy')}
        </Button>
      </div>
    </div>
  );
}

type State = 'active' | 'expired' | 'revoked';

function stateOf(link: ShareLink): State {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && new Date(link.expiresAt) <= new Date()) return 'expired';
  return 'active';
}

const TONE: Record<State, 'good' | 'bad' | undefined> = { active: 'good', expired: undefined, revoked: 'bad' };

function ShareLinkItem({ projectId, link, floors }: { projectId: string; link: ShareLink; floors: readonly Floor[] }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const revoke = useRevokeShareLink(projectId);
  const state = stateOf(link);
  const floorNames = link.floorIds
    ? link.floorIds.map((id) => floors.find((floor) => floor.id === id)?.name ?? t('survey.shares.deletedFloor')).join(', ')
    : t('survey.shares.allFloors');

  async function ask() {
    const sure = await confirm({
      title: t('survey.shares.revokeTitle', { label: link.label }),
      message: t('survey.shares.revokeText'),
      confirmLabel: t('survey.shares.revoke'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(link.id);
      toastStore.show(t('survey.shares.revoked', { label: link.label }), 'success');
    } catch {
      toastStore.show(t('survey.shares.revokeFailed'), 'error');
    }
  }

  return (
    <li className="share-link" data-state={state}>
      <div className="share-link-head">
        <span className="share-link-label">{link.label}</span>
        <span className="status-badge" data-tone={TONE[state]}>
          {t(`survey.shares.states.${state}`)}
        </span>
      </div>
      <dl className="share-link-facts">
        <div>
          <dt>{t('survey.shares.floors')}</dt>
          <dd>{floorNames}</dd>
        </div>
        <div>
          <dt>{t('survey.shares.until')}</dt>
          <dd>{link.expiresAt ? <DateText date={link.expiresAt} withTime /> : t('survey.shares.noEnd')}</dd>
        </div>
        <div>
          <dt>{t('survey.shares.createdAt')}</dt>
          <dd>
            <DateText date={link.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t('survey.shares.createdBy')}</dt>
          <dd>{link.createdByName ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('survey.shares.lastUsed')}</dt>
          <dd>{link.lastUsedAt ? <DateText date={link.lastUsedAt} withTime /> : t('survey.shares.notUsed')}</dd>
        </div>
      </dl>
      {state !== 'revoked' && (
        <Button
          className="button button-secondary share-link-revoke"
          isPending={revoke.isPending}
          onPress={() => void ask()}
          aria-label={t('survey.shares.revokeNamed', { label: link.label })}
        >
          {t('survey.shares.revoke')}
        </Button>
      )}
    </li>
  );
}
