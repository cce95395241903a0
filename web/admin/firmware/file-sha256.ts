/**
 * The SHA-256 of a file, read as a stream: WebCrypto's digest needs the whole file in memory at
 * once, hash-wasm's hasher takes it chunk by chunk, so a 1 GiB firmware image never holds more
 * than one chunk of the stream (tens of KiB) and the tab stays responsive.
 */
import { createSHA256 } from 'hash-wasm';

export async function fileSha256(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  const reader = file.stream().getReader();
  let read = 0;
  try {
    for (;;) {
      if (signal.aborted) throw new DOMException('Hashing cancelled', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      hasher.update(value);
      read += value.byteLength;
      onProgress(file.size > 0 ? read / file.size : 1);
    }
  } finally {
    reader.releaseLock();
  }
  return hasher.digest('hex');
}
