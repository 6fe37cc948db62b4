import { Button, Drawer, Empty, List, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TInboxItem } from '@ra/shared/agent/agent.schemas';
import type { useInbox } from '../../features/agent/api/get-inbox.ts';
import { useMarkNotificationRead } from '../../features/agent/api/mark-notification-read.ts';
import { downloadFile } from '../../lib/download.ts';
import { showErrorMessage } from '../../lib/feedback.ts';
import { errorText } from '../../lib/request.ts';
import { useRestaurantTime } from '../../lib/restaurant-time.ts';

/**
 * The bell's drawer: the notifications in the interface language, each file offered, each marked
 * read when opened. A chunk of its own (list, tags, empty state), loaded when the bell is first
 * pressed rather than with every signed-in page.
 */
export default function NotificationDrawer({
  open,
  onClose,
  inbox,
}: {
  open: boolean;
  onClose: () => void;
  inbox: ReturnType<typeof useInbox>;
}) {
  const { t, i18n } = useTranslation('agent');
  const time = useRestaurantTime();
  const markRead = useMarkNotificationRead();
  const zh = i18n.language.startsWith('zh');

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

  return (
    <Drawer open={open} onClose={onClose} title={t('bell.title')} width={420}>
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
  );
}
