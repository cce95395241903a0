/** Recovery by an e-mailed code, typed back into the flow's form. */
import { recoveryCodeEmail } from '../../courier/templates.js';
import { notice } from '../../ui/messages.js';
import type { AddressProofStrategy } from '../strategy.js';
import { recoveryChooseNodes, recoverySentNodes } from './nodes.js';
import { sendCode } from './one-time-code.js';

export const codeRecovery: AddressProofStrategy = {
  method: 'code',
  send: (ctx, tx, flowId, address, identityId) => sendCode(ctx, tx, flowId, 'recovery', address, identityId, (code) => recoveryCodeEmail(ctx.options.productName, code)),
  chooseNodes: recoveryChooseNodes,
  sentNodes: recoverySentNodes,
  sentNotice: notice.recoveryCodeSent,
};
