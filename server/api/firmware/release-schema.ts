/** A firmware release on the wire: the response schema, and the type the store returns derived from it. */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const FirmwareReleaseSchema = Type.Object({
  id: Type.String(),
  deviceModel: Type.String(),
  version: Type.String(),
  changeNotes: Type.String(),
  sha256: Type.String({ description: 'SHA-256 of the file, lowercase hex' }),
  size: Type.Integer({ description: 'Bytes' }),
  fileName: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime,
});
export type FirmwareRelease = Static<typeof FirmwareReleaseSchema>;
