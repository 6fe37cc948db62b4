import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeConfig } from '../components/layout/theme.ts';
import { REDUCED_MOTION_QUERY, useReducedMotion } from './media-query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A system setting that can change while the page is open, as matchMedia reports it. */
function systemSetting(query: string, initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) => ({
      get matches() {
        return q === query && matches;
      },
      media: q,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })),
  );
  return {
    set(next: boolean) {
      matches = next;
      for (const l of listeners) l();
    },
    listeners: () => listeners.size,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useReducedMotion', () => {
  it('follows the system setting while the page is open, and the theme turns motion off and on with it', async () => {
    const setting = systemSetting(REDUCED_MOTION_QUERY, false);
    const seen: boolean[] = [];
    function Probe() {
      const reduced = useReducedMotion();
      seen.push(themeConfig({ theme: '#1677ff', themeName: 'original' }, reduced).token?.motion !== false);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe />));
    expect(seen.at(-1)).toBe(true);
    await act(async () => setting.set(true));
    expect(seen.at(-1)).toBe(false);
    await act(async () => setting.set(false));
    expect(seen.at(-1)).toBe(true);
    await act(async () => root.unmount());
    expect(setting.listeners()).toBe(0);
  });
});
