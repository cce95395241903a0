/** Verification by an e-mailed code, typed back into the flow's form. */
import { verificationCodeEmail } from '../../courier/templates.js';
import { notice } from '../../ui/messages.js';
import type { AddressProofStrategy } from '../strategy.js';
import { verificationChooseNodes, verificationSentNodes } from './nodes.js';
import { sendCode } from './one-time-code.js';

export const codeVerification: AddressProofStrategy = {
  method: 'code',
  send: (ctx, tx, flowId, address, identityId) => sendCode(ctx, tx, flowId, 'verification', address, identityId, (code) => verificationCodeEmail(ctx.options.productName, code)),
  chooseNodes: verificationChooseNodes,
  sentNodes: verificationSentNodes,
  sentNotice: notice.verificationCodeSent,
};
