/**
 * The report download: the URL names only the options that differ from the defaults the API
 * applies, bytes are counted as they arrive, a refusal keeps the API's reason, and the file is
 * named for the project in a way every file system takes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isHttpError } from '../../web/lib/http.js';
import { fetchReport, reportFileName, reportUrl } from '../../web/survey/project-overview/report-download.js';

afterEach(() => vi.unstubAllGlobals());

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe('report download', () => {
  it('asks for the chosen floors, views, networks and language', () => {
    expect(reportUrl('p1', { floors: 'all', views: ['primary', 'requirements'], networks: [], lang: 'de' })).toBe(
      '/api/projects/p1/report.pdf?views=primary%2Crequirements&lang=de',
    );
    expect(reportUrl('p1', { floors: ['a', 'b'], views: ['snr'], networks: ['Office Wi-Fi', 'Guest, 5 GHz'], lang: 'en' })).toBe(
      '/api/projects/p1/report.pdf?floors=a%2Cb&views=snr&networks=Office+Wi-Fi&networks=Guest%2C+5+GHz&lang=en',
    );
  });

  it('counts the bytes as they arrive and answers the whole PDF', async () => {
    vi.stubGlobal('fetch', async () => new Response(streamOf([new Uint8Array([37, 80, 68, 70]), new Uint8Array(6)]), { headers: { 'content-type': 'application/pdf' } }));
    const seen: number[] = [];
    const blob = await fetchReport('/x', { signal: new AbortController().signal, onProgress: (n) => seen.push(n) });
    expect(seen).toEqual([4, 10]);
    expect(blob.size).toBe(10);
    expect(blob.type).toBe('application/pdf');
  });

  it("keeps the API's reason when it refuses", async () => {
    const body = { error: { code: 400, status: 'Bad Request', reason: 'views: unknown view x', message: 'The request was malformed' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }));
    const failure = await fetchReport('/x', { signal: new AbortController().signal, onProgress: () => undefined }).catch((e: unknown) => e);
    expect(isHttpError(failure) && failure.response?.status).toBe(400);
    expect(isHttpError(failure) && failure.response?.data).toEqual(body);
  });

  it('tells a cancelled download from a failed one', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      controller.abort();
      throw init.signal?.reason;
    });
    const failure = await fetchReport('/x', { signal: controller.signal, onProgress: () => undefined }).catch((e: unknown) => e);
    expect(isHttpError(failure) && failure.code).toBe('ERR_CANCELED');
  });

  it('names the file for the project', () => {
    expect(reportFileName('Demo office survey')).toBe('Demo office survey.pdf');
    expect(reportFileName('Łódź: hall 2/3')).toBe('Łódź_ hall 2_3.pdf');
    expect(reportFileName('  ')).toBe('report.pdf');
  });
});
