/**
 * Backup recovery codes: the list when the service shows one (freshly generated, or revealed with
 * the used codes struck through), then its buttons — reveal, generate new, confirm, turn off.
 */
import type { SettingsFlow } from '../../../shared/identity-flow.js';
import { BACKUP_CODES_NODE, backupCodesNode } from './backup-codes.js';
import { BackupCodeList } from './BackupCodeList.js';
import { MethodForm } from './MethodForm.js';

export interface BackupCodesPanelProps {
  flow: SettingsFlow;
  submit: (body: Record<string, unknown>) => unknown;
  busy: boolean;
}

export function BackupCodesPanel({ flow, submit, busy }: BackupCodesPanelProps) {
  const codes = backupCodesNode(flow.ui.nodes);
  return (
    <>
      {codes && <BackupCodeList node={codes} />}
      <MethodForm
        flow={flow}
        method="lookup_secret"
        submit={submit}
        busy={busy}
        filter={(node) => !(node.attributes.node_type === 'text' && node.attributes.id === BACKUP_CODES_NODE)}
        className="button-row"
      />
    </>
  );
}
