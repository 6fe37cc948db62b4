import { MOBILE_BREAKPOINT, useApp, type TDevice } from '../../stores/app.ts';

/** SPEC 2 and 9: below 992px the dashboard is in mobile mode. */
export function deviceForWidth(width: number): TDevice {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/**
 * Applies a viewport width to the app store. Entering mobile mode closes the sidebar without
 * animation (it would otherwise slide over the page on load) and without saving; leaving it brings
 * back the sidebar the user last chose on a wide screen.
 */
export function applyViewportWidth(width: number): void {
  applyDevice(deviceForWidth(width));
}

/** The same for a device already known (from a media query, which measures nothing). */
export function applyDevice(device: TDevice): void {
  const app = useApp.getState();
  if (device === app.device) return;
  app.toggleDevice(device);
  if (device === 'mobile') app.closeSidebar(true);
  else app.restoreSidebar();
}
