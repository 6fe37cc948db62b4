import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { prefersReducedMotion, themeConfig } from '../components/layout/theme.ts';
import { useSettings } from '../stores/settings.ts';

/**
 * antd's static message and modal render outside the React tree. They get the app's look here: the
 * restaurant's chosen theme, and the locale and size the mounted UiProviders last reported (none
 * before any antd page has mounted, e.g. the guard finding an expired session on reload).
 */
let context: Pick<ConfigProviderProps, 'locale' | 'componentSize'> = {};

export function setStaticFeedbackContext(next: Pick<ConfigProviderProps, 'locale' | 'componentSize'>): void {
  context = next;
  applyStaticFeedbackTheme();
}

export function applyStaticFeedbackTheme(): void {
  ConfigProvider.config({
    holderRender: (holder) => (
      <ConfigProvider
        {...context}
        theme={themeConfig(useSettings.getState())}
        wave={prefersReducedMotion() ? { disabled: true } : undefined}
      >
        {holder}
      </ConfigProvider>
    ),
  });
}
