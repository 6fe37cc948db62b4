import { useState } from 'react';
import { Badge, Button, Drawer, Empty, List, Spin, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TInboxItem } from '@ra/shared/agent/agent.schemas';
import { useInbox } from '../../features/agent/api/get-inbox.ts';
import { useMarkNotificationRead } from '../../features/agent/api/mark-notification-read.ts';
import { downloadFile } from '../../lib/download.ts';
import { showErrorMessage } from '../../lib/feedback.ts';
import { errorText } from '../../lib/request.ts';
import { useRestaurantTime } from '../../lib/restaurant-time.ts';
import { useSession } from '../../stores/session.ts';

/**
 * The restaurant's notifications from its agent (issue 13): a bell in the top bar with the unread
 * count; opening one shows it in the interface language, offers its file, and marks it read.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('agent');
  const restId = useSession((s) => s.restId);
  const time = useRestaurantTime();
  const [open, setOpen] = useState(false);
  const inbox = useInbox(Boolean(restId));
  const markRead = useMarkNotificationRead();
  const unread = inbox.data?.unread ?? 0;
  const zh = i18n.language.startsWith('zh');
  const label = t('bell.label', { count: unread });

  const read = (item: TInboxItem) => {
    if (!item.readAt) markRead.mutate(item.id);
  };
  const download = async (item: TInboxItem) => {
    read(item);
    try {
      await downloadFile(`/api/notifications/${item.id}/file`, { fallbackName: item.fileName ?? 'file' });
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };

  if (!restId) return null;
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" aria-label={label} data-testid="notification-bell" onClick={() => setOpen(true)}>
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Tooltip>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('bell.title')} width={420}>
        {inbox.isLoading ? (
          <Spin />
        ) : inbox.isError ? (
          <Typography.Text type="danger">{errorText(inbox.error)}</Typography.Text>
        ) : (inbox.data?.items.length ?? 0) === 0 ? (
          <Empty description={t('bell.empty')} />
        ) : (
          <List
            dataSource={inbox.data?.items ?? []}
            renderItem={(item) => (
              <List.Item
                key={item.id}
                data-testid={`inbox-item-${item.id}`}
                onClick={() => read(item)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') read(item);
                }}
                tabIndex={0}
                actions={
                  item.fileName
                    ? [
                        <Button key="file" size="small" icon={<DownloadOutlined />} onClick={() => void download(item)}>
                          {item.fileName}
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <span>
                      {item.readAt ? null : <Tag color="processing">{t('bell.new')}</Tag>}
                      {item.from}
                    </span>
                  }
                  description={
                    <>
                      <Typography.Paragraph style={{ marginBottom: 4 }}>
                        {zh ? item.messageZh : item.messageEn}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary">{time.dateTime(item.sentAt)}</Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
