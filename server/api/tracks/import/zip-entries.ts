/**
 * Reads chosen entries of a zip archive held in memory, refusing what should not be unpacked:
 * an archive that is cut off or damaged, encrypted, or has too many entries, and one whose chosen
 * entries would unpack to more than a bound (a zip bomb). The bound is checked on the sizes the
 * archive declares before anything is inflated; yauzl then fails any entry whose data inflates to
 * more (or fewer) bytes than declared, so the declared sizes can be trusted. yauzl leaves CRC-32
 * alone, so it is checked here: a damaged entry is refused, not half-read.
 */
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes of the entries read. */
  maxUnpackedBytes: number;
}

/** Why an archive was refused; `entry` names the entry at fault when there is one. */
export class ZipRefusal extends Error {
  override name = 'ZipRefusal';
  constructor(
    readonly entry: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const MiB = 1024 * 1024;

function size(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${bytes} bytes`;
}

/** Returns the wanted entries by name (directories and unwanted entries are never inflated). */
export async function readZipEntries(bytes: Buffer, wanted: (name: string) => boolean, limits: ZipLimits): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
  } catch (err) {
    throw new ZipRefusal(undefined, `not a complete zip archive, it may be cut off or damaged (${(err as Error).message})`);
  }
  if (zip.entryCount > limits.maxEntries) {
    throw new ZipRefusal(undefined, `the archive has ${zip.entryCount} entries, more than the ${limits.maxEntries} read`);
  }
  const chosen: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !wanted(entry.fileName)) continue;
      if (entry.isEncrypted()) throw new ZipRefusal(entry.fileName, 'is encrypted');
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) {
        throw new ZipRefusal(entry.fileName, `the archive would unpack to more than ${size(limits.maxUnpackedBytes)}, the most read from one file`);
      }
      chosen.push(entry);
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal(undefined, `the archive's table of contents is damaged (${(err as Error).message})`);
  }
  const out = new Map<string, Buffer>();
  for (const entry of chosen) {
    if (out.has(entry.fileName)) continue;
    let data: Buffer;
    try {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      data = Buffer.concat(chunks);
    } catch (err) {
      throw new ZipRefusal(entry.fileName, `cannot be unpacked, the archive is damaged (${(err as Error).message})`);
    }
    if (crc32(data) >>> 0 !== entry.crc32 >>> 0) throw new ZipRefusal(entry.fileName, 'is damaged: its checksum does not match');
    out.set(entry.fileName, data);
  }
  return out;
}
