// runs in a fresh worker: what the theme's memo holds depends on what no render has derived yet
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { withInterfaceSize } from '../components/layout/interface-size.ts';
import { derivedSeedCount, themeConfig } from '../components/layout/theme.ts';
import { useApp } from '../stores/app.ts';
import { useSettings } from '../stores/settings.ts';
import { prepareUiTheme, UiProviders } from './ui-providers.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The primary colour antd derived for the page: what a component of the page would be drawn with. */
let drawnPrimary = '';
function Probe() {
  drawnPrimary = theme.useToken().token.colorPrimary;
  return null;
}

/** The primary colour antd's own algorithm derives for these settings, with nothing remembered. */
function derivedByAntd(algorithm: typeof theme.defaultAlgorithm): string {
  const { theme: colour, themeName } = useSettings.getState();
  const config = withInterfaceSize(themeConfig({ theme: colour, themeName }, false), useApp.getState().size);
  return theme.getDesignToken({ ...config, algorithm }).colorPrimary;
}

async function renderProviders(): Promise<void> {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => {
    root.render(
      <UiProviders antdLocale={undefined}>
        <Probe />
      </UiProviders>,
    );
  });
  await act(async () => root.unmount());
}

describe('the theme derived ahead of the first render (issue 21)', () => {
  it('is the one the render uses: the render derives nothing more', async () => {
    useSettings.setState({ themeName: 'tropical', theme: '#ff7a45' });
    useApp.setState({ size: 'large' });
    const before = derivedSeedCount();
    prepareUiTheme();
    expect(derivedSeedCount()).toBe(before + 1);
    await renderProviders();
    expect(derivedSeedCount()).toBe(before + 1);
    expect(drawnPrimary).toBe(derivedByAntd(theme.defaultAlgorithm));
  });

  it('settings it was not prepared for are derived in the render, and drawn', async () => {
    useSettings.setState({ themeName: 'midnight', theme: '#4c8dff' });
    useApp.setState({ size: 'small' });
    const before = derivedSeedCount();
    await renderProviders();
    expect(derivedSeedCount()).toBe(before + 1);
    // the dark algorithm's primary: its palette's shade of the colour
    expect(drawnPrimary).toBe(derivedByAntd(theme.darkAlgorithm));
    expect(drawnPrimary.toLowerCase()).not.toBe('#4c8dff');
  });

  // last: it fills the memo the tests above count on
  it('keeps the tokens of a few themes, not of every colour tried', () => {
    for (let i = 0; i < 30; i++) {
      useSettings.setState({ themeName: 'original', theme: `#10${(20 + i).toString(16).padStart(2, '0')}80` });
      prepareUiTheme();
    }
    expect(derivedSeedCount()).toBeLessThanOrEqual(8);
  });
});
