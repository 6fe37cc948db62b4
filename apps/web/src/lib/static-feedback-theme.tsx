import { ConfigProvider } from 'antd';
import { themeConfig } from '../components/layout/theme.ts';
import { useSettings } from '../stores/settings.ts';

/**
 * antd's static message and modal render outside the React tree, so before the signed-in frame has
 * mounted (e.g. the guard finds an expired session on reload) they would fall back to antd's default
 * blue. This gives them the restaurant's chosen theme.
 */
export function applyStaticFeedbackTheme(): void {
  ConfigProvider.config({
    holderRender: (holder) => <ConfigProvider theme={themeConfig(useSettings.getState())}>{holder}</ConfigProvider>,
  });
}
