/**
 * File uploads with progress: `fetch` cannot report how much of a request body has been sent,
 * XMLHttpRequest can. Same-origin, with the XSRF header as web/lib/http.ts sends it; failures are
 * the same `HttpError`s, so screens handle an upload like any other request.
 */
import { HttpError, readCookie, XSRF_COOKIE, XSRF_HEADER, type HttpResponse } from './http.js';

export interface UploadOptions {
  /** The form field the file is sent in. */
  fieldName?: string;
  /** Further form fields sent with the file. */
  fields?: Record<string, string>;
  method?: 'POST' | 'PUT';
  /** 0 to 1, as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function uploadFile<T = unknown>(url: string, file: File, options: UploadOptions = {}): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new HttpError('Request aborted', 'ERR_CANCELED'));
    const body = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    body.append(options.fieldName ?? 'file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      const result: HttpResponse<T> = { status: xhr.status, data: parse(xhr) as T, headers: headersOf(xhr) };
      if (xhr.status < 200 || xhr.status > 299) {
        reject(new HttpError(`Request failed with status code ${xhr.status}`, 'ERR_BAD_RESPONSE', result));
        return;
      }
      options.onProgress?.(1);
      resolve(result);
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError('Network Error', 'ERR_NETWORK'));
    };
    xhr.onabort = () => {
      done();
      reject(new HttpError('Request aborted', 'ERR_CANCELED'));
    };
    xhr.send(body);
  });
}
