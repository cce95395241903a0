/**
 * An organisation as its forms edit it: the address flattened into fields of its own, so each
 * field can be marked when the API refuses it, and back into the API's body shape.
 */
import type { OrgSummary } from '../../lib/api-types.js';
import type { Translate } from '../../lib/translator.js';
import type { Checks } from '../../ui/form/use-form-state.js';
import { phoneNumber } from '../../ui/form/phone-validator.js';
import { emailAddress, optional, required, vatId } from '../../ui/form/validators.js';

export type OrgFormValues = {
  name: string;
  legalName: string;
  vatId: string;
  email: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  country: string | null;
};

export const EMPTY_ORG: OrgFormValues = { name: '', legalName: '', vatId: '', email: '', phone: '', street: '', postalCode: '', city: '', country: null };

export function orgFormValues(org: OrgSummary): OrgFormValues {
  return {
    name: org.name,
    legalName: org.legalName,
    vatId: org.vatId,
    email: org.email,
    phone: org.phone,
    street: org.address.street,
    postalCode: org.address.postalCode,
    city: org.address.city,
    country: org.address.country || null,
  };
}

export function orgBody(values: OrgFormValues) {
  return {
    name: values.name.trim(),
    legalName: values.legalName.trim(),
    vatId: values.vatId.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: { street: values.street.trim(), postalCode: values.postalCode.trim(), city: values.city.trim(), country: values.country ?? '' },
  };
}

/** The VAT ID is checked by its own country prefix, whatever country the address names. */
export function orgChecks(t: Translate): Checks<OrgFormValues> {
  return {
    name: required(t),
    vatId: vatId(t),
    email: optional(emailAddress(t)),
    // The phone is optional for an organisation, but a number given must be a real one.
    phone: (value) => (value.trim() ? phoneNumber(t)(value) : undefined),
  };
}
