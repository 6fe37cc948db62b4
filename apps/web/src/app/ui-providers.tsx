import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { useApp, type TSize } from '../stores/app.ts';
import { useSettings, type TTheme } from '../stores/settings.ts';
import { antdSize, withInterfaceSize } from '../components/layout/interface-size.ts';
import { prefersReducedMotion, prepareThemeTokens, themeConfig } from '../components/layout/theme.ts';
import { setStaticFeedbackContext } from '../lib/static-feedback-theme.tsx';
// tag colours, text switches and .ra-sr-only for every antd page, the ones outside the app frame too
import '../components/layout/global.css';
import { useReducedMotion } from '../lib/media-query.ts';

const NO_WAVE = { disabled: true };

/** The theme UiProviders hands antd for these settings. */
function uiTheme(color: string, themeName: TTheme, size: TSize, reducedMotion: boolean) {
  return withInterfaceSize(themeConfig({ theme: color, themeName }, reducedMotion), size);
}

/**
 * Derives the theme's tokens before UiProviders first renders (issue 21): app/router.tsx calls it as
 * the signed-in frame's code arrives on a page load, while the page still waits for its data.
 */
export function prepareUiTheme(): void {
  const { theme, themeName } = useSettings.getState();
  prepareThemeTokens(uiTheme(theme, themeName, useApp.getState().size, prefersReducedMotion()));
}

export type TAntdLocale = ConfigProviderProps['locale'];

/**
 * antd's ConfigProvider with locale (en_US / zh_CN), theme (colour and SPEC 9 theme) and component size with its
 * text size (ARCHITECTURE "Web"), and the query client. Messages and dialogs opened outside components (lib/feedback.ts)
 * get the same look through holderRender.
 */
export function UiProviders({ antdLocale, children }: { antdLocale: TAntdLocale; children: ReactNode }) {
  const color = useSettings((s) => s.theme);
  const themeName = useSettings((s) => s.themeName);
  // one theme for the shell, the sign-in pages and dialogs opened outside components, so the
  // midnight theme does not leave the re-login dialog light
  const size = useApp((s) => s.size);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => uiTheme(color, themeName, size, reducedMotion), [color, themeName, size, reducedMotion]);
  const componentSize = antdSize(size);
  useEffect(() => {
    setStaticFeedbackContext({ locale: antdLocale, componentSize });
  }, [antdLocale, theme, componentSize]);
  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={componentSize}
      theme={theme}
      // antd puts a space between two Chinese characters on a button ("编 辑"), so what a person sees
      // no longer matches the button's accessible name (WCAG 2.5.3, label in name)
      button={{ autoInsertSpace: false }}
      // the click ripple too: it fades over 2 s, the one motion antd's theme (motion: false) leaves on
      wave={reducedMotion ? NO_WAVE : undefined}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
