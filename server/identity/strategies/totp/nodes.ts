/** The TOTP strategy's nodes (Kratos `strategy/totp`). */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { imageNode, inputNode, submitNode, textNode } from '../../ui/nodes.js';
import { label, totpSecret } from '../../ui/messages.js';

export const QR_SIZE = 256;

export function totpCodeInput(forLogin: boolean): UiNode {
  return inputNode('totp_code', 'text', 'totp', { required: true, autocomplete: 'one-time-code', label: forLogin ? label.totpCode() : label.verifyCode() });
}

export const totpLoginSubmit = () => submitNode('method', 'totp', 'totp', label.useAuthenticator());

export async function totpEnrolNodes(url: string, secret: string): Promise<UiNode[]> {
  // Imported at the first enrolment: a QR encoder need not be resident from the start.
  const { default: QRCode } = await import('qrcode');
  const src = await QRCode.toDataURL(url, { width: QR_SIZE, margin: 1 });
  return [
    imageNode('totp_qr', src, QR_SIZE, QR_SIZE, 'totp', label.totpQr()),
    textNode('totp_secret_key', totpSecret(secret), 'totp', label.totpSecretHeading()),
    totpCodeInput(false),
    submitNode('method', 'totp', 'totp', label.save()),
  ];
}

export function totpUnlinkNode(): UiNode {
  return inputNode('totp_unlink', 'submit', 'totp', { value: 'true', required: true, label: label.unlinkTotp() });
}
