/**
 * The e-mails the identity service sends. Template type names are the protocol's (they show in
 * the admin courier API as `template_type`); the wording is ours.
 */
export type TemplateType = 'verification_code_valid' | 'verification_valid' | 'recovery_code_valid' | 'recovery_valid' | 'login_code_valid' | 'registration_code_valid';

export interface RenderedEmail {
  template_type: TemplateType;
  subject: string;
  body: string;
}

export function verificationCodeEmail(product: string, code: string, link?: string): RenderedEmail {
  return {
    template_type: 'verification_code_valid',
    subject: `Verify your ${product} e-mail address`,
    body: lines(
      'Hello,',
      '',
      `Please verify your e-mail address by entering this code: ${code}`,
      link ? `\nOr open this link: ${link}` : '',
      '',
      'If you did not ask for this, you can ignore this e-mail.',
    ),
  };
}

export function verificationLinkEmail(product: string, link: string): RenderedEmail {
  return {
    template_type: 'verification_valid',
    subject: `Verify your ${product} e-mail address`,
    body: lines('Hello,', '', 'Please verify your e-mail address by opening this link:', link, '', 'If you did not ask for this, you can ignore this e-mail.'),
  };
}

export function recoveryCodeEmail(product: string, code: string): RenderedEmail {
  return {
    template_type: 'recovery_code_valid',
    subject: `Recover access to your ${product} account`,
    body: lines(
      'Hello,',
      '',
      `Someone asked to recover access to this account. Enter this code to continue: ${code}`,
      '',
      'If it was not you, you can ignore this e-mail: your account stays as it is.',
    ),
  };
}

export function recoveryLinkEmail(product: string, link: string): RenderedEmail {
  return {
    template_type: 'recovery_valid',
    subject: `Recover access to your ${product} account`,
    body: lines(
      'Hello,',
      '',
      'Someone asked to recover access to this account. Open this link to continue:',
      link,
      '',
      'If it was not you, you can ignore this e-mail: your account stays as it is.',
    ),
  };
}

export function loginCodeEmail(product: string, code: string): RenderedEmail {
  return {
    template_type: 'login_code_valid',
    subject: `Your ${product} sign-in code`,
    body: lines('Hello,', '', `Enter this code to sign in: ${code}`, '', 'If you did not try to sign in, you can ignore this e-mail.'),
  };
}

export function registrationCodeEmail(product: string, code: string): RenderedEmail {
  return {
    template_type: 'registration_code_valid',
    subject: `Finish signing up for ${product}`,
    body: lines('Hello,', '', `Enter this code to finish creating your account: ${code}`, '', 'If you did not sign up, you can ignore this e-mail.'),
  };
}

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}
