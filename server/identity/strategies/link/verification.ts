/** Verification by an e-mailed link that leads back into the flow. */
import { verificationLinkEmail } from '../../courier/templates.js';
import { notice } from '../../ui/messages.js';
import type { AddressProofStrategy } from '../strategy.js';
import { sendLink } from './link-token.js';
import { linkEmailNodes } from './nodes.js';

export const linkVerification: AddressProofStrategy = {
  method: 'link',
  async send(ctx, tx, flowId, address, identityId) {
    await sendLink(ctx, tx, flowId, 'verification', address, identityId, (link) => verificationLinkEmail(ctx.options.productName, link));
  },
  chooseNodes: () => linkEmailNodes(),
  sentNodes: linkEmailNodes,
  sentNotice: notice.verificationLinkSent,
};
