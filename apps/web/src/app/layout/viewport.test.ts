import { beforeEach, describe, expect, it } from 'vitest';
import { SIDEBAR_STATUS_KEY, useApp } from '../../stores/app.ts';
import { applyViewportWidth, deviceForWidth } from './viewport.ts';

describe(deviceForWidth.name, () => {
  it('is mobile below 992px and desktop from 992px', () => {
    expect(deviceForWidth(991)).toBe('mobile');
    expect(deviceForWidth(992)).toBe('desktop');
    expect(deviceForWidth(375)).toBe('mobile');
    expect(deviceForWidth(1440)).toBe('desktop');
  });
});

describe(applyViewportWidth.name, () => {
  beforeEach(() => {
    localStorage.clear();
    useApp.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } });
  });

  it('entering mobile mode closes the sidebar without animation', () => {
    applyViewportWidth(800);
    expect(useApp.getState().device).toBe('mobile');
    expect(useApp.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('keeps an opened mobile menu open while the width changes within mobile mode', () => {
    applyViewportWidth(800);
    useApp.getState().toggleSidebar();
    applyViewportWidth(700);
    expect(useApp.getState().sidebar.opened).toBe(true);
  });

  it('narrowing the window does not save "closed" as the preference (only the user\'s toggle is remembered)', () => {
    applyViewportWidth(800);
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBeNull();
    applyViewportWidth(1200);
    expect(useApp.getState().device).toBe('desktop');
    expect(useApp.getState().sidebar.opened).toBe(true);
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBeNull();
  });

  it('going back to desktop brings back the sidebar the user closed on a wide screen', () => {
    useApp.getState().toggleSidebar();
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('0');
    applyViewportWidth(800);
    applyViewportWidth(1200);
    expect(useApp.getState().sidebar.opened).toBe(false);
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('0');
  });

  it('opening and closing the phone menu is not the remembered preference', () => {
    useApp.getState().toggleSidebar();
    useApp.getState().toggleSidebar();
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('1');
    applyViewportWidth(800);
    useApp.getState().toggleSidebar();
    expect(useApp.getState().sidebar.opened).toBe(true);
    useApp.getState().closeSidebar(false);
    useApp.getState().toggleSidebar();
    useApp.getState().toggleSidebar();
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('1');
    applyViewportWidth(1200);
    expect(useApp.getState().sidebar.opened).toBe(true);
  });

  it('a desktop width on desktop changes nothing', () => {
    applyViewportWidth(1200);
    expect(useApp.getState().sidebar).toEqual({ opened: true, withoutAnimation: false });
  });
});
