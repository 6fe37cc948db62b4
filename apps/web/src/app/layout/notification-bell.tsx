import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../../features/agent/api/get-inbox.ts';
import { useSession } from '../../stores/session.ts';

const NotificationDrawer = lazy(() => import('./notification-drawer.tsx'));

/**
 * The restaurant's notifications from its agent (issue 13): a bell in the top bar with the unread
 * count; opening one shows it in the interface language, offers its file, and marks it read.
 */
export function NotificationBell() {
  const { t } = useTranslation('agent');
  const restId = useSession((s) => s.restId);
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so the drawer can slide closed
  const [opened, setOpened] = useState(false);
  const inbox = useInbox(Boolean(restId));
  const unread = inbox.data?.unread ?? 0;
  const label = t('bell.label', { count: unread });

  if (!restId) return null;
  return (
    <>
      <Tooltip title={label}>
        <Button
          type="text"
          aria-label={label}
          data-testid="notification-bell"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} inbox={inbox} />
        </Suspense>
      )}
    </>
  );
}
