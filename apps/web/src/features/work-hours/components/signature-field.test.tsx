import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { shiftSignature, typedSignatureName } from '../signature.ts';
import { SignatureField, type TSignatureHandle } from './signature-field.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom draws nothing: a 2D context whose calls are recorded, and a fixed PNG out of toDataURL. */
function stubCanvas() {
  const drawn: string[] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, prop: string) =>
      prop in target
        ? target[prop]
        : (...args: unknown[]) => {
            if (prop === 'fillText') drawn.push(String(args[0]));
          },
    set: (target, prop: string, value) => {
      target[prop] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  return drawn;
}

let cleanup: (() => Promise<void>) | null = null;
async function mount(handle: { current: TSignatureHandle | null }, onChange = vi.fn()) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <SignatureField label="Manager signature" hint="Sign in the box" handleRef={handle} onChange={onChange} />,
    ),
  );
  cleanup = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return container;
}

async function typeInto(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  await i18n.changeLanguage('en');
});

describe('SignatureField', () => {
  it('lets a keyboard user sign by typing their name, which reads as a PNG of that name', async () => {
    const drawn = stubCanvas();
    const handle: { current: TSignatureHandle | null } = { current: null };
    const onChange = vi.fn();
    const view = await mount(handle, onChange);
    // The pad is there, with a Clear button that takes focus.
    expect(view.querySelector('[data-testid="signature-pad"]')).not.toBeNull();
    const clear = [...view.querySelectorAll('button')].find((b) => b.textContent === 'Clear signature');
    expect(clear).toBeDefined();
    expect(handle.current?.read()).toBeNull();

    const typeOption = [...view.querySelectorAll('.ant-segmented-item')].find((o) => o.textContent === 'Type name')!;
    await act(async () => typeOption.querySelector('input')!.click());
    const input = view.querySelector<HTMLInputElement>('input[aria-label="Your full name, as your signature"]');
    expect(input).not.toBeNull();
    expect(handle.current?.read()).toBeNull();
    await typeInto(input!, '  Dana   Lee ');
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(handle.current?.read()).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(drawn).toEqual(['Dana Lee']);
  });
});

describe('typedSignatureName', () => {
  it('collapses spaces and needs at least two letters', () => {
    expect(typedSignatureName('  Dana   Lee ')).toBe('Dana Lee');
    expect(typedSignatureName('李明')).toBe('李明');
    expect(typedSignatureName('x')).toBe('');
    expect(typedSignatureName(' . 1 ')).toBe('');
  });
});

describe('shiftSignature', () => {
  it('requires a signature while requireSignatureForWorkHoursEdit is on, and offers one while signatures are taken', () => {
    expect(shiftSignature({ requireSignatureForWorkHoursEdit: true, enableCaptureSignature: false })).toBe('required');
    expect(shiftSignature({ requireSignatureForWorkHoursEdit: false, enableCaptureSignature: true })).toBe('optional');
    expect(shiftSignature({ requireSignatureForWorkHoursEdit: false, enableCaptureSignature: false })).toBe('none');
  });
});
