import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** Shown only when a page takes longer than this to open, so a quick one does not flicker. */
export const NAVIGATION_PROGRESS_DELAY_MS = 200;

const BAR_STYLE = {
  position: 'fixed',
  insetInline: 0,
  top: 0,
  height: 3,
  background: 'var(--ra-primary, #1677ff)',
  zIndex: 2000,
} as const;

/**
 * A thin bar at the top of the window while the next page is on its way: its code, and for a page that
 * waits for its data (the dashboard, `prefetchWaitMs`), its first figures. The page the user left stays
 * until then, so without it a click on a slow network would seem to do nothing.
 */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const opening = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!opening) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opening]);
  return shown ? <div role="progressbar" aria-label={t('pageLoading')} style={BAR_STYLE} /> : null;
}
