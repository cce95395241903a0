/**
 * RFC 6238 time-based codes (SHA-1, 6 digits, 30 s, as every authenticator app expects), with
 * one step of clock drift accepted either way.
 */
import * as OTPAuth from 'otpauth';

export interface TotpKey {
  url: string;
  secret: string;
}

export function newTotpKey(issuer: string, account: string): TotpKey {
  const totp = new OTPAuth.TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: new OTPAuth.Secret({ size: 20 }) });
  return { url: totp.toString(), secret: totp.secret.base32 };
}

export function verifyTotp(url: string, code: string, now: Date): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = OTPAuth.URI.parse(url);
  if (!(totp instanceof OTPAuth.TOTP)) return false;
  return totp.validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

export function secretOf(url: string): string {
  const totp = OTPAuth.URI.parse(url);
  return totp.secret.base32;
}
