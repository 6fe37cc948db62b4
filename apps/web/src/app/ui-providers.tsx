import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { useApp, type TSize } from '../stores/app.ts';
import { useSettings } from '../stores/settings.ts';

/** The app store says 'medium' (SPEC 2 default size); antd calls it 'middle'. */
export function antdSize(size: TSize): 'small' | 'middle' | 'large' {
  return size === 'medium' ? 'middle' : size;
}

export type TAntdLocale = ConfigProviderProps['locale'];

/**
 * antd's ConfigProvider with locale (en_US / zh_CN), theme colour and component size (ARCHITECTURE
 * "Web"), and the query client. Messages and dialogs opened outside components (lib/feedback.ts)
 * get the same look through holderRender.
 */
export function UiProviders({ antdLocale, children }: { antdLocale: TAntdLocale; children: ReactNode }) {
  const colorPrimary = useSettings((s) => s.theme);
  const componentSize = antdSize(useApp((s) => s.size));
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (holder) => (
        <ConfigProvider
          locale={antdLocale}
          theme={{ token: { colorPrimary, colorLink: colorPrimary } }}
          componentSize={componentSize}
        >
          {holder}
        </ConfigProvider>
      ),
    });
  }, [antdLocale, colorPrimary, componentSize]);
  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={componentSize}
      theme={{ token: { colorPrimary, colorLink: colorPrimary } }}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
