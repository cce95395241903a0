/**
 * The text fields of a firmware upload, checked before a byte of the file is stored. They must
 * come before the file in the multipart body (as a browser's FormData sends them when appended
 * first): the file is hashed while it streams, so `fileHash` has to be known by then.
 */
import type { MultipartFile } from '@fastify/multipart';
import { ApiError, badRequest } from '../http/api-error.js';
import { textField } from '../survey/upload.js';

export interface ReleaseForm {
  deviceModel: string;
  version: string;
  changeNotes: string;
  /** Lowercase hex SHA-256. */
  fileHash: string;
  fileName: string;
}

export const MODEL = /^[0-9A-Za-z][0-9A-Za-z ._-]{0,99}$/;
export const VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?(?:\+[0-9A-Za-z.-]{1,64})?$/;
const VERSION_IN_NAME = /(\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)/;
const SHA256 = /^[0-9a-fA-F]{64}$/;
const MAX_NOTES = 20_000;

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, { field });

export function releaseForm(part: MultipartFile): ReleaseForm {
  if (part.fieldname !== 'file') throw refuse('file', `the firmware must be sent in a field named "file", not "${part.fieldname}"`);
  const fileName = (part.filename || 'firmware.bin').slice(0, 255);

  const deviceModel = textField(part, 'deviceModel')?.trim();
  if (!deviceModel) throw refuse('deviceModel', 'is required (sent before the file)');
  if (!MODEL.test(deviceModel)) throw refuse('deviceModel', 'must be 1 to 100 letters, digits, spaces, ".", "_" or "-"');

  const fileHash = textField(part, 'fileHash')?.trim();
  if (!fileHash) throw refuse('fileHash', 'is required (the SHA-256 of the file in hex, sent before the file)');
  if (!SHA256.test(fileHash)) throw refuse('fileHash', 'must be a SHA-256 in hex (64 characters 0-9, a-f)');

  const changeNotes = textField(part, 'changeNotes') ?? '';
  if (!changeNotes.trim()) throw refuse('changeNotes', 'is required (sent before the file)');
  if (changeNotes.length > MAX_NOTES) throw refuse('changeNotes', `must be at most ${MAX_NOTES} characters`);

  // Optional: a file named like ap-200-2.4.1.bin says its version.
  const version = textField(part, 'version')?.trim() || VERSION_IN_NAME.exec(fileName.replace(/\.[A-Za-z][A-Za-z0-9]*$/, ''))?.[1];
  if (!version) throw refuse('version', 'is required when the file name does not contain one (such as 2.4.1)');
  if (!VERSION.test(version)) throw refuse('version', 'must be a semantic version such as 2.4.1 or 2.5.0-rc.1');

  return { deviceModel, version, changeNotes: changeNotes.trim(), fileHash: fileHash.toLowerCase(), fileName };
}

/** Multipart refusals that happen before the file part: no body, or no file in it. */
export function missingFile(): ApiError {
  return refuse('file', 'is required: send the firmware as multipart/form-data with the fields first and the file last');
}
