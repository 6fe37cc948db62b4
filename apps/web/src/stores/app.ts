import { create } from 'zustand';

/** SPEC 9 remembered browser settings. */
export const SIDEBAR_STATUS_KEY = 'sidebarStatus';
export const LANGUAGE_KEY = 'language';
export const SIZE_KEY = 'size';
/** SPEC 9: mobile mode below this width; the sidebar closes. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 227;

export type TDevice = 'desktop' | 'mobile';
export type TSize = 'small' | 'medium' | 'large';
export type TLanguage = 'en' | 'zh';

interface TAppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: TDevice;
  /** small-screen flag (SPEC 2 interface preferences) */
  smallScreen: boolean;
  size: TSize;
  /**
   * The user's own menu button (SPEC 4: toggling flips and saves the state). In mobile mode it opens
   * and closes the drawer over the page, which is not the remembered desktop preference.
   */
  toggleSidebar: () => void;
  /**
   * Closes without saving: mobile mode, the drawer's mask, navigating on a phone (SPEC 2 "the sidebar
   * closes"). Only the user's own toggle is remembered.
   */
  closeSidebar: (withoutAnimation: boolean) => void;
  /** Back to the remembered preference (leaving mobile mode). */
  restoreSidebar: () => void;
  /** SPEC 4: reset opens it. */
  resetSidebar: () => void;
  toggleDevice: (device: TDevice) => void;
  setSmallScreen: (small: boolean) => void;
  setSize: (size: TSize) => void;
}

function storedSidebarOpen(): boolean {
  // '1' open, '0' closed; open by default (SPEC 2, 9)
  return localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0';
}

function storedSize(): TSize {
  const v = localStorage.getItem(SIZE_KEY);
  return v === 'small' || v === 'large' || v === 'medium' ? v : 'medium';
}

/**
 * The device for the window's width when the app starts (SPEC 9: mobile below MOBILE_BREAKPOINT), read
 * once before anything is drawn, so the signed-in frame's first render is already the phone's (no
 * desktop sidebar and menu rendered, styled and thrown away) and nothing has to measure the window
 * while the frame is being committed. The frame still follows the width from then on (viewport.ts).
 * A width of 0 (a window not laid out yet) is taken as desktop, as before.
 */
function startingDevice(): TDevice {
  const width = typeof window === 'undefined' ? 0 : window.innerWidth;
  return width > 0 && width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

const firstDevice = startingDevice();

export const useApp = create<TAppState>()((set) => ({
  // a phone starts with its menu closed, without animation, and nothing saved (as entering mobile mode does)
  sidebar:
    firstDevice === 'mobile'
      ? { opened: false, withoutAnimation: true }
      : { opened: storedSidebarOpen(), withoutAnimation: false },
  device: firstDevice,
  smallScreen: false,
  size: storedSize(),
  toggleSidebar: () =>
    set((s) => {
      const opened = !s.sidebar.opened;
      if (s.device === 'desktop') localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => set({ sidebar: { opened: false, withoutAnimation } }),
  restoreSidebar: () => set({ sidebar: { opened: storedSidebarOpen(), withoutAnimation: false } }),
  resetSidebar: () => {
    localStorage.setItem(SIDEBAR_STATUS_KEY, '1');
    set({ sidebar: { opened: true, withoutAnimation: false } });
  },
  toggleDevice: (device) => set({ device }),
  setSmallScreen: (smallScreen) => set({ smallScreen }),
  setSize: (size) => {
    localStorage.setItem(SIZE_KEY, size);
    set({ size });
  },
}));
