import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import type { TLibraryImage } from '@ra/shared/media/media.schemas';
import { i18n, initI18n, loadLanguageResources } from '../../lib/i18n.ts';
import { ImageUpload } from './image-upload.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settle = (ms = 30) => act(async () => new Promise((r) => setTimeout(r, ms)));
async function waitFor(check: () => boolean, timeout = 5000): Promise<void> {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle();
}

type TAnswer = { status: number; body: unknown };

/** A stand-in for XMLHttpRequest: reports progress, then answers what the test says for each file. */
function fakeXhr(answer: (file: File) => TAnswer, sent: FormData[]) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push(form);
      const file = form.get('file') as File;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const { status, body } = answer(file);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 10);
    }
  };
}

let root: Root | null = null;
let host: HTMLElement;

async function render(onUploaded: (images: TLibraryImage[]) => void) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<ImageUpload onUploaded={onUploaded} />));
}

async function choose(files: File[]) {
  const input = host.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const image = (name: string): TLibraryImage => ({
  id: 1,
  width: 733,
  height: 550,
  bytes: 1000,
  originalName: name,
  uploadedBy: 'Grace Miller',
  uploadedAt: '2026-03-14T23:30:00.000Z',
  webpUrl: '/api/media/public/x.webp',
  jpegUrl: '/api/media/public/x.jpg',
});

beforeAll(async () => {
  await initI18n('en');
  for (const [ns, resources] of Object.entries(await loadLanguageResources('zh')))
    i18n.addResourceBundle('zh', ns, resources, true, true);
});

beforeEach(() => {
  // antd measures text and progress bars; jsdom has no layout
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  await i18n.changeLanguage('en');
});

describe('ImageUpload', () => {
  it('uploads each file on its own, reports the good ones and shows the server’s refusal beside the other', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(
        (file) =>
          file.name === 'menu.jpg'
            ? { status: 400, body: { code: 40000, message: MEDIA_MESSAGES.notAnImage.en } }
            : { status: 200, body: { images: [image(file.name)] } },
        sent,
      ),
    );
    const uploaded: string[] = [];
    await render((images) => uploaded.push(...images.map((i) => i.originalName)));
    await choose([
      new File(['jpeg bytes'], 'chowder.jpg', { type: 'image/jpeg' }),
      new File(['text'], 'menu.jpg', { type: 'image/jpeg' }),
    ]);
    await waitFor(() => host.textContent!.includes('Not uploaded') && host.textContent!.includes('Uploaded'));
    expect(sent).toHaveLength(2);
    expect(uploaded).toEqual(['chowder.jpg']);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(MEDIA_MESSAGES.notAnImage.en);
  });

  it('refuses a file over 10 MB before sending it, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const sent: FormData[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(() => ({ status: 200, body: { images: [] } }), sent),
    );
    await render(() => undefined);
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await choose([big]);
    await waitFor(() => host.querySelector('[role="alert"]') !== null);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(MEDIA_MESSAGES.fileTooLarge.zh);
    expect(sent).toHaveLength(0);
  });
});
