import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Hidden where the browser cannot go full screen (iOS Safari, embedded views). */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
  );
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = t(full ? 'layout:navbar.exitFullscreen' : 'layout:navbar.fullscreen');
  const toggle = () => {
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => {
      // refused by the browser (no user gesture, policy): nothing to undo
    });
  };
  return (
    <Tooltip title={label}>
      <Button
        className="ra-hide-mobile"
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={full}
        onClick={toggle}
      />
    </Tooltip>
  );
}
