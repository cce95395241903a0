/**
 * The messages the identity service emits: numeric id, type, default English text and the
 * context the account interface fills its translations from. Texts are our own wording of each
 * id's meaning; the ids and context keys are the protocol's.
 */
import type { UiText, UiTextType } from '../../../shared/identity-flow.js';

export function uiText(id: number, type: UiTextType, text: string, context?: Record<string, unknown>): UiText {
  return context ? { id, text, type, context } : { id, text, type };
}

const info = (id: number, text: string) => (): UiText => uiText(id, 'info', text);
const error = (id: number, text: string) => (): UiText => uiText(id, 'error', text);

/** Labels and button captions. */
export const label = {
  signIn: info(1010001, 'Sign in'),
  totpCode: info(1010006, 'Authentication code'),
  backupCode: info(1010007, 'Backup recovery code'),
  useAuthenticator: info(1010009, 'Use Authenticator'),
  useBackupCode: info(1010010, 'Use backup recovery code'),
  signInWithSecurityKey: info(1010008, 'Sign in with hardware key'),
  emailSignInCode: info(1010015, 'Send sign in code'),
  signInWithPasskey: info(1010021, 'Sign in with passkey'),
  signInWithPassword: info(1010022, 'Sign in with password'),
  signUp: info(1040001, 'Sign up'),
  emailSignUpCode: info(1040006, 'Send sign up code'),
  signUpWithPasskey: info(1040007, 'Sign up with passkey'),
  back: info(1040008, 'Back'),
  unlinkTotp: info(1050004, 'Unlink TOTP Authenticator App'),
  totpQr: info(1050005, 'Authenticator app QR code'),
  revealBackupCodes: info(1050007, 'Reveal backup recovery codes'),
  regenerateBackupCodes: info(1050008, 'Generate new backup recovery codes'),
  backupCodesHeading: info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  confirmBackupCodes: info(1050011, 'Confirm backup recovery codes'),
  disableBackupCodes: info(1050016, 'Disable this method'),
  addSecurityKey: info(1050012, 'Add security key'),
  securityKeyName: info(1050013, 'Name of the security key'),
  addPasskey: info(1050019, 'Add passkey'),
  totpSecretHeading: info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  password: info(1070001, 'Password'),
  save: info(1070003, 'Save'),
  identifier: info(1070004, 'ID'),
  verifyCode: info(1070006, 'Verify code'),
  email: info(1070007, 'Email'),
  resendCode: info(1070008, 'Resend code'),
  continue: info(1070009, 'Continue'),
  recoveryCode: info(1070010, 'Recovery code'),
  verificationCode: info(1070011, 'Verification code'),
  registrationCode: info(1070012, 'Registration code'),
  loginCode: info(1070013, 'Login code'),
};

export const notice = {
  confirmItsYou: info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: info(1010004, 'Please complete the second authentication challenge.'),
  loginCodeSent: info(
    1010014,
    'An email containing a code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  loginCodeSentToOwnAddress: info(1010025, 'A code has been sent to the address on file. Enter it to continue.'),
  registrationCodeSent: info(
    1040005,
    'An email containing a code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and retry the registration.',
  ),
  recoveryLinkSent: info(
    1060002,
    'An email containing a recovery link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  recoveryCodeSent: info(
    1060003,
    'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  verificationLinkSent: info(
    1080001,
    'An email containing a verification link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  verificationCodeSent: info(
    1080003,
    'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
  ),
  settingsSaved: () => uiText(1050001, 'success', 'Your changes have been saved!'),
  addressVerified: () => uiText(1080002, 'success', 'You successfully verified your email address.'),
};

export function totpSecret(secret: string): UiText {
  return uiText(1050006, 'info', secret, { secret });
}

export function unusedBackupCode(secret: string): UiText {
  return uiText(1050009, 'info', secret, { secret });
}

export function usedBackupCode(usedAt: Date): UiText {
  return uiText(1050014, 'info', `Secret was used at ${usedAt.toISOString()}`, {
    used_at: usedAt.toISOString(),
    used_at_unix: Math.floor(usedAt.getTime() / 1000),
  });
}

export function backupCodeList(secrets: UiText[]): UiText {
  return uiText(1050015, 'info', secrets.map((s) => s.text).join(', '), { secrets });
}

/** A remove button of a registered key (1050018 security key, 1050020 passkey). */
export function removeKey(kind: 'webauthn' | 'passkey', displayName: string, addedAt: Date): UiText {
  const noun = kind === 'passkey' ? 'passkey' : 'security key';
  return uiText(kind === 'passkey' ? 1050020 : 1050018, 'info', `Remove ${noun} "${displayName}"`, {
    added_at: addedAt.toISOString(),
    added_at_unix: Math.floor(addedAt.getTime() / 1000),
    display_name: displayName,
  });
}

export function recoveredPrivileged(expiresAt: Date, now: Date): UiText {
  const minutes = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 60_000));
  return uiText(
    1060001,
    'success',
    `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes} minutes.`,
    {
      privilegedSessionExpiresAt: expiresAt.toISOString(),
      privileged_session_expires_at: expiresAt.toISOString(),
      privileged_session_expires_at_unix: Math.floor(expiresAt.getTime() / 1000),
    },
  );
}

export const failure = {
  invalidCredentials: error(4000006, 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.'),
  duplicateIdentifier: error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  invalidTotp: error(4000008, 'The provided authentication code is invalid, please try again.'),
  addressNotVerified: error(4000010, 'Account not active yet. Did you forget to verify your email address?'),
  noTotp: error(4000011, 'You have no TOTP device set up.'),
  backupCodeUsed: error(4000012, 'This backup recovery code has already been used.'),
  noBackupCodes: error(4000014, 'You have no backup recovery codes set up.'),
  noSecurityKey: error(4000013, 'You have no WebAuthn device set up.'),
  noKeyForAccount: error(4000015, 'This account does not exist or has no security key set up.'),
  invalidWebAuthn: error(4000043, 'The provided web authn login is invalid, please try again.'),
  invalidBackupCode: error(4000016, 'The backup recovery code is not valid.'),
  loginNoStrategy: error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationNoStrategy: error(4010003, 'Could not find a strategy to sign you up with. Did you fill out the form correctly?'),
  settingsNoStrategy: error(4010004, 'Could not find a strategy to update your settings. Did you fill out the form correctly?'),
  recoveryNoStrategy: error(4010005, 'Could not find a strategy to recover your account with. Did you fill out the form correctly?'),
  verificationNoStrategy: error(4010006, 'Could not find a strategy to verify your account with. Did you fill out the form correctly?'),
  accountDisabled: error(4010011, 'This account is disabled. Please contact support.'),
  noCodeLogin: error(4000035, 'This account does not exist or has not setup sign in with code.'),
  loginDone: error(4010007, 'The request was already completed successfully and can not be retried.'),
  invalidLoginCode: error(4010008, 'The login code is invalid or has already been used. Please try again.'),
  registrationDone: error(4040002, 'The request was already completed successfully and can not be retried.'),
  invalidRegistrationCode: error(4040003, 'The registration code is invalid or has already been used. Please try again.'),
  recoveryDone: error(4060001, 'The request was already completed successfully and can not be retried.'),
  recoveryFailed: error(4060002, 'The recovery flow reached a failure state and must be retried.'),
  invalidRecoveryToken: error(4060004, 'The recovery token is invalid or has already been used. Please retry the flow.'),
  invalidRecoveryCode: error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  invalidVerificationToken: error(4070001, 'The verification token is invalid or has already been used. Please retry the flow.'),
  verificationDone: error(4070002, 'This request was already completed successfully and can not be retried.'),
  verificationFailed: error(4070003, 'The verification flow reached a failure state and must be retried.'),
  invalidVerificationCode: error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
};

export function validationReason(reason: string): UiText {
  return uiText(4000001, 'error', reason, { reason });
}

const EXPIRED_IDS = { login: 4010001, registration: 4040001, settings: 4050001, recovery: 4060005, verification: 4070005 } as const;

export function flowExpired(kind: keyof typeof EXPIRED_IDS, expiredAt: Date, now: Date): UiText {
  const minutes = Math.max(0, Math.floor((now.getTime() - expiredAt.getTime()) / 60_000));
  return uiText(EXPIRED_IDS[kind], 'error', `The ${kind} flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, {
    expired_at: expiredAt.toISOString(),
    expired_at_unix: Math.floor(expiredAt.getTime() / 1000),
  });
}
