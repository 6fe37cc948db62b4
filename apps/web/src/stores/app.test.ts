import { afterEach, describe, expect, it, vi } from 'vitest';

const realWidth = window.innerWidth;

/** A fresh app store, made in a window of `width` (the store reads the width once, when it is made). */
async function storeMadeAt(width: number) {
  window.innerWidth = width;
  vi.resetModules();
  return (await import('./app.ts')).useApp.getState();
}

describe('the app store when the app starts', () => {
  afterEach(() => {
    window.innerWidth = realWidth;
    localStorage.clear();
  });

  it('in a phone-wide window is in mobile mode with the menu closed, not animated, nothing saved', async () => {
    const app = await storeMadeAt(390);
    expect(app.device).toBe('mobile');
    expect(app.sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(localStorage.getItem('sidebarStatus')).toBeNull();
  });

  it('in a desktop-wide window is in desktop mode with the remembered menu', async () => {
    localStorage.setItem('sidebarStatus', '0');
    expect((await storeMadeAt(1440)).sidebar.opened).toBe(false);
    localStorage.removeItem('sidebarStatus');
    const app = await storeMadeAt(992);
    expect(app.device).toBe('desktop');
    expect(app.sidebar).toEqual({ opened: true, withoutAnimation: false });
  });

  it('in a window not laid out yet (width 0) is in desktop mode, as before', async () => {
    expect((await storeMadeAt(0)).device).toBe('desktop');
  });
});
