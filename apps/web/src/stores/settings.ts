import { create } from 'zustand';

/** SPEC 9 theme colour and themes. */
export const DEFAULT_THEME_COLOR = '#18acaf';
export const THEMES = ['original', 'tropical', 'daydream', 'midnight'] as const;
export type TTheme = (typeof THEMES)[number];
const SETTINGS_KEY = 'settings';

/** SPEC 3 "Settings state"; SPEC 2 site defaults. */
export interface TSettings {
  theme: string;
  themeName: TTheme;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  lockAfterMinutes: number | null;
}

const defaults: TSettings = {
  theme: DEFAULT_THEME_COLOR,
  themeName: 'original',
  showSettings: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  lockAfterMinutes: null,
};

function stored(): Partial<TSettings> {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<TSettings>;
  } catch {
    return {};
  }
}

interface TSettingsActions {
  change: <K extends keyof TSettings>(key: K, value: TSettings[K]) => void;
}

export const useSettings = create<TSettings & TSettingsActions>()((set, get) => ({
  ...defaults,
  ...stored(),
  showSettings: false,
  change: (key, value) => {
    set({ [key]: value } as Partial<TSettings>);
    const { change: _c, showSettings: _s, ...rest } = get();
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(rest));
  },
}));
