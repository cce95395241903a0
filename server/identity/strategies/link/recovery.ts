/** Recovery by an e-mailed link that leads back into the flow. */
import { recoveryLinkEmail } from '../../courier/templates.js';
import { notice } from '../../ui/messages.js';
import type { AddressProofStrategy } from '../strategy.js';
import { sendLink } from './link-token.js';
import { linkEmailNodes } from './nodes.js';

export const linkRecovery: AddressProofStrategy = {
  method: 'link',
  async send(ctx, tx, flowId, address, identityId) {
    await sendLink(ctx, tx, flowId, 'recovery', address, identityId, (link) => recoveryLinkEmail(ctx.options.productName, link));
  },
  chooseNodes: () => linkEmailNodes(),
  sentNodes: linkEmailNodes,
  sentNotice: notice.recoveryLinkSent,
};
