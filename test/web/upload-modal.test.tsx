/** The upload modal and web/lib/upload.ts: file by click, progress as the body is sent, cancel aborts, failures said. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../../web/lib/upload.js';
import { UploadModal } from '../../web/ui/UploadModal.js';

/** An XMLHttpRequest the test drives: progress, answer, failure. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  getAllResponseHeaders() {
    return Object.entries(this.responseHeaders)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.responseHeaders = { 'content-type': 'application/json' };
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const plan = () => new File(['floor plan bytes'], 'floor-2.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts the file as multipart with the XSRF header and reports progress', async () => {
    document.cookie = 'XSRF-TOKEN=token%2042; path=/';
    const seen: number[] = [];
    const done = uploadFile('/api/floors/7/plan', plan(), { fields: { floorId: '7' }, onProgress: (f) => seen.push(f) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/floors/7/plan']);
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('token 42');
    expect((xhr.body!.get('file') as File).name).toBe('floor-2.png');
    expect(xhr.body!.get('floorId')).toBe('7');
    xhr.progress(5, 20);
    xhr.progress(20, 20);
    xhr.answer(201, { id: 'p1' });
    await expect(done).resolves.toMatchObject({ status: 201, data: { id: 'p1' } });
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it('fails as the fetch client does: status with body, Network Error, Request aborted', async () => {
    const refused = uploadFile('/api/x', plan());
    FakeXhr.last!.answer(413, { error: { code: 413 } });
    await expect(refused).rejects.toMatchObject({ message: 'Request failed with status code 413', response: { status: 413 } });

    const broken = uploadFile('/api/x', plan());
    FakeXhr.last!.onerror!();
    await expect(broken).rejects.toThrow('Network Error');

    const controller = new AbortController();
    const cancelled = uploadFile('/api/x', plan(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toThrow('Request aborted');
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

describe('UploadModal', () => {
  it("is titled 'Upload file', uploads the chosen file with progress, then closes", async () => {
    const onOpenChange = vi.fn();
    const onUploaded = vi.fn();
    render(<UploadModal isOpen onOpenChange={onOpenChange} url="/api/upload" accept={['image/png']} onUploaded={onUploaded} />);
    expect(screen.getByRole('dialog', { name: 'Upload file' })).toBeTruthy();
    expect(screen.getByText('Click or drag and drop a file here')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload.hasAttribute('disabled')).toBe(true);

    await userEvent.upload(fileInput(), plan());
    expect(screen.getByText('Selected file: floor-2.png')).toBeTruthy();
    await userEvent.click(upload);
    act(() => FakeXhr.last!.progress(3, 10));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.textContent).toContain('30%');
    act(() => FakeXhr.last!.answer(200, { ok: true }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ status: 200 })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a file of another type and says which are accepted', async () => {
    render(<UploadModal isOpen onOpenChange={() => undefined} url="/api/upload" accept={['.pdf']} />);
    // The browser's picker filters by accept, but a drop or a picker set to "all files" does not.
    fireEvent.change(fileInput(), { target: { files: [plan()] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This file type is not accepted. Accepted: .pdf');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it('Cancel aborts a running upload and closes', async () => {
    const onOpenChange = vi.fn();
    render(<UploadModal isOpen onOpenChange={onOpenChange} url="/api/upload" />);
    await userEvent.upload(fileInput(), plan());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.progress(1, 10));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed upload and lets the user try again', async () => {
    render(<UploadModal isOpen onOpenChange={() => undefined} url="/api/upload" />);
    await userEvent.upload(fileInput(), plan());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.answer(500, { error: { code: 500 } }));
    expect((await screen.findByRole('alert')).textContent).toBe('The upload failed. Please try again.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false);
  });
});
