/** Second factor: a code from the authenticator app. */
import { stringField } from '../../http/body.js';
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { getCredential } from '../../store/identities.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure } from '../../ui/messages.js';
import { addNodeMessage, clearMessages } from '../../ui/nodes.js';
import type { LoginStrategy } from '../strategy.js';
import { totpCodeInput, totpLoginSubmit } from './nodes.js';
import { verifyTotp } from './totp.js';

export const totpLogin: LoginStrategy = {
  method: 'totp',
  secondFactorNodes: (credentials) => (credentials.some((c) => c.type === 'totp') ? [totpCodeInput(true), totpLoginSubmit()] : []),
  async login(call, flow, body, current) {
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    const code = stringField(body, 'totp_code')?.trim() ?? '';
    if (!current) return { kind: 'form', status: 400 };
    if (!code) {
      addNodeMessage(flow.wire.ui.nodes, 'totp_code', validationRequired('totp_code'));
      return { kind: 'form', status: 400 };
    }
    const credential = await getCredential(call.ctx.db, current.identity.id, 'totp');
    const url = typeof credential?.config.totp_url === 'string' ? credential.config.totp_url : undefined;
    if (!url) {
      addMessage(flow, failure.noTotp());
      return { kind: 'form', status: 400 };
    }
    if (!verifyTotp(url, code, call.ctx.now())) {
      addNodeMessage(flow.wire.ui.nodes, 'totp_code', failure.invalidTotp());
      return { kind: 'form', status: 400 };
    }
    return { kind: 'authenticated', identityId: current.identity.id, method: 'totp', aal: 'aal2' };
  },
};
