/** The phone number check for use-form-state, apart from the other checks because of its country metadata. */
import { checkPhoneNumber } from '../../../shared/validation/phone.js';
import type { Translate } from '../../lib/translator.js';
import type { Check } from './validators.js';

/** Required international number (default country Germany). */
export function phoneNumber(t: Translate): Check<string> {
  return (value) => (checkPhoneNumber(value).valid ? undefined : t('admin.phoneInvalid'));
}
