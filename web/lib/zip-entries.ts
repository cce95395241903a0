/**
 * Reads chosen text entries of a zip archive in the browser, without sending it anywhere: the
 * central directory at the end of the file names every entry and where it starts, so only the
 * wanted entries are read from the file and inflated (the browser's own DecompressionStream).
 * Enough for the small JSON documents inside a survey project; the server reads archives fully
 * and checks them, this only answers what a form may propose before the upload.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65 535. */
const END_SEARCH_BYTES = 22 + 0xffff;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

async function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

async function directoryOf(file: Blob): Promise<Entry[] | null> {
  const tailStart = Math.max(0, file.size - END_SEARCH_BYTES);
  const tail = await bytesOf(file, tailStart, file.size);
  let end = -1;
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.getUint16(end + 10, true);
  const size = tail.getUint32(end + 12, true);
  const offset = tail.getUint32(end + 16, true);
  if (offset + size > file.size) return null;
  const directory = await bytesOf(file, offset, offset + size);
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    entries.push({
      method: directory.getUint16(at + 10, true),
      compressedSize: directory.getUint32(at + 20, true),
      localHeaderOffset: directory.getUint32(at + 42, true),
      name: decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function textOf(file: Blob, entry: Entry): Promise<string | null> {
  const header = await bytesOf(file, entry.localHeaderOffset, entry.localHeaderOffset + 30);
  if (header.byteLength < 30 || header.getUint32(0, true) !== LOCAL_HEADER) return null;
  const dataStart = entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const data = file.slice(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) return data.text();
  if (entry.method !== 8) return null;
  return new Response(data.stream().pipeThrough(new DecompressionStream('deflate-raw'))).text();
}

/** The wanted entries' texts by name; `null` when the file is not a zip archive this can read. */
export async function readZipTexts(file: Blob, wanted: (name: string) => boolean): Promise<Map<string, string> | null> {
  try {
    const entries = await directoryOf(file);
    if (!entries) return null;
    const texts = new Map<string, string>();
    for (const entry of entries.filter((e) => wanted(e.name))) {
      const text = await textOf(file, entry);
      if (text === null) return null;
      texts.set(entry.name, text);
    }
    return texts;
  } catch {
    return null;
  }
}
