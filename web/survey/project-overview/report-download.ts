/**
 * Fetches a project's PDF report as it is produced: the typed API client reads whole JSON
 * answers, so this reads the stream itself (same origin, the XSRF header as every request has),
 * telling how many bytes have arrived, and stops when the signal aborts. A refusal keeps its
 * status and the API's error body, as the app's other requests do.
 */
import { HttpError, readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../lib/http.js';

export interface ReportChoice {
  /** Every floor when all are chosen: the URL then names none. */
  floors: readonly string[] | 'all';
  views: readonly string[];
  /** Empty: every network. */
  networks: readonly string[];
  lang: string;
}

export function reportUrl(projectId: string, choice: ReportChoice): string {
  const query = new URLSearchParams();
  if (choice.floors !== 'all') query.set('floors', choice.floors.join(','));
  query.set('views', choice.views.join(','));
  // One parameter per network: a name may hold a comma.
  for (const name of choice.networks) query.append('networks', name);
  query.set('lang', choice.lang);
  return `/api/projects/${encodeURIComponent(projectId)}/report.pdf?${query.toString()}`;
}

export async function fetchReport(url: string, options: { signal: AbortSignal; onProgress: (bytes: number) => void }): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin', signal: options.signal });
  } catch {
    if (options.signal.aborted) throw new HttpError('Request aborted', 'ERR_CANCELED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): kept as text.
    }
    throw new HttpError(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', { status: response.status, data, headers: response.headers });
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress(received);
    }
  } catch {
    if (options.signal.aborted) throw new HttpError('Request aborted', 'ERR_CANCELED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  }
  return new Blob(chunks, { type: 'application/pdf' });
}

/** A name every file system takes: the project's name without the characters some refuse. */
export function reportFileName(projectName: string): string {
  const safe = [...projectName]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return `${safe || 'report'}.pdf`;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
