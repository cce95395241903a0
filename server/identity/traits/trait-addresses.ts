/**
 * What an identity's traits mean to the credential, verification and recovery machinery, read
 * from the schema's `ory.sh/kratos` extension the way Kratos reads it: login identifiers per
 * credential type, addresses to verify and addresses to recover through. Values are normalised
 * as Kratos stores them, so lookups by identifier or address are case-insensitive.
 */
import { KRATOS_EXTENSION, isObject, resolveLocalRef, type AddressChannel, type JsonSchema, type KratosExtension } from './identity-schema.js';
import { isPhoneNumber } from './trait-formats.js';

export interface TraitAddress {
  value: string;
  via: AddressChannel;
}

export interface TraitAddresses {
  /** Identifiers per credential type (`password`, `webauthn`, `code`), unique, in schema order. */
  identifiers: Record<'password' | 'webauthn' | 'code', string[]>;
  /** Where one-time login codes may be sent. */
  codeAddresses: TraitAddress[];
  verifiable: TraitAddress[];
  recovery: TraitAddress[];
}

export function extractTraitAddresses(schema: JsonSchema, traits: unknown): TraitAddresses {
  const found: TraitAddresses = {
    identifiers: { password: [], webauthn: [], code: [] },
    codeAddresses: [],
    verifiable: [],
    recovery: [],
  };
  walk(schema, schema, { traits }, (extension, format, value) => collect(found, extension, format, value));
  return found;
}

type Visitor = (extension: KratosExtension, format: string, value: string) => void;

/** Visits every value the document has where the schema carries the extension. */
function walk(root: JsonSchema, raw: JsonSchema, value: unknown, visit: Visitor): void {
  const schema = resolveLocalRef(root, raw);
  const extension = schema[KRATOS_EXTENSION];
  if (isObject(extension) && (typeof value === 'string' || typeof value === 'number')) {
    visit(extension, typeof schema.format === 'string' ? schema.format : '', String(value));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const sub of schema[key] ?? []) if (isObject(sub)) walk(root, sub, value, visit);
  }
  if (isObject(value) && isObject(schema.properties)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (key in value && isObject(sub)) walk(root, sub, value[key], visit);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => {
      const sub = Array.isArray(schema.items) ? schema.items[index] : schema.items;
      if (isObject(sub)) walk(root, sub, item, visit);
    });
  }
}

function collect(found: TraitAddresses, extension: KratosExtension, format: string, value: string): void {
  const credentials = extension.credentials;
  if (credentials?.password?.identifier === true) addUnique(found.identifiers.password, normalizeIdentifier(value));
  if (credentials?.webauthn?.identifier === true) addUnique(found.identifiers.webauthn, normalizeIdentifier(value));
  const code = credentials?.code;
  if (code?.identifier === true && (code.via === 'email' || code.via === 'sms')) {
    const address = normalizeAddress(value, code.via, format);
    addUnique(found.identifiers.code, address);
    addAddress(found.codeAddresses, { value: address, via: code.via });
  }
  const verifyVia = extension.verification?.via;
  if (verifyVia === 'email' || verifyVia === 'sms') {
    addAddress(found.verifiable, { value: normalizeAddress(value, verifyVia, format), via: verifyVia });
  }
  const recoverVia = extension.recovery?.via;
  if (recoverVia === 'email' || recoverVia === 'sms') {
    addAddress(found.recovery, { value: normalizeAddress(value, recoverVia, 'email'), via: recoverVia });
  }
}

/**
 * Kratos' graceful identifier normalisation: trimmed, compatibility-normalised, lower-cased;
 * phone numbers reduced to E.164.
 */
export function normalizeIdentifier(value: string): string {
  const canonical = canonicalize(value);
  return isPhoneNumber(canonical) ? toE164(canonical) : canonical;
}

/**
 * An address as stored for its channel. An email address under a format other than `email`
 * (e.g. `no-validate`) is governed by the schema's pattern; Kratos then only trims it.
 */
export function normalizeAddress(value: string, via: AddressChannel, format: string): string {
  if (via === 'sms') return toE164(canonicalize(value));
  if (format === '' || format === 'email') return canonicalize(value);
  return value.trim();
}

function canonicalize(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

function toE164(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

function addUnique(list: string[], value: string): void {
  if (value !== '' && !list.includes(value)) list.push(value);
}

function addAddress(list: TraitAddress[], address: TraitAddress): void {
  if (address.value !== '' && !list.some((a) => a.via === address.via && a.value === address.value)) list.push(address);
}
