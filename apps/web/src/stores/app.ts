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
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
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

export const useApp = create<TAppState>()((set) => ({
  sidebar: { opened: storedSidebarOpen(), withoutAnimation: false },
  device: 'desktop',
  smallScreen: false,
  size: storedSize(),
  toggleSidebar: () =>
    set((s) => {
      const opened = !s.sidebar.opened;
      localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => {
    localStorage.setItem(SIDEBAR_STATUS_KEY, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
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
