/** WebAuthn speaks base64url on the wire; the stored credentials keep Kratos' standard base64. */
export const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
/** Settings name a credential by its id in hex, as Kratos' remove buttons do. */
export const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
