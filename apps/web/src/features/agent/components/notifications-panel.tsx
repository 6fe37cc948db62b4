import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Drawer,
  Empty,
  Form,
  Input,
  List,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_FILE_MAX_BYTES, type TSentNotification } from '@ra/shared/agent/agent.schemas';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { useAgentMe } from '../api/get-agent-me.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import { useSentNotifications } from '../api/get-sent-notifications.ts';
import { useNotificationReads } from '../api/get-notification-reads.ts';
import { useSendNotification } from '../api/send-notification.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatInstant } from '../agent-format.ts';
import { RestaurantTreePicker } from './restaurant-tree-picker.tsx';
import { validFormValues } from '../../../lib/form-values.ts';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,application/pdf,image/png,image/jpeg,image/webp,image/gif';
const tr = (key: keyof typeof AGENT_MESSAGES) => AGENT_MESSAGES[key][currentLanguage()];

/**
 * The notification center (issue 13): choose restaurants (all of the subtree, by tree, by search, or
 * tree and search together), attach a file, write in both languages, send. The tree is a team admin's:
 * a member reaches only the restaurants assigned to them, which the search and "all" already honour.
 */
export function NotificationsPanel() {
  const { t, i18n } = useTranslation('agent');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [form] = Form.useForm<{
    all: boolean;
    nodeXids: string[];
    restaurantXids: string[];
    messageEn: string;
    messageZh: string;
  }>();
  const all = Form.useWatch('all', form);
  const me = useAgentMe();
  const byTree = me.data?.teamRole === 'admin';
  const options = usePortfolio({ q: search || undefined, page: 1, pageSize: 50 });
  const sent = useSentNotifications({ page, pageSize: 10 });
  const reads = useNotificationReads(openId);
  const send = useSendNotification();

  const submit = async () => {
    // a refused field shows its message under itself; nothing more to do
    const v = await validFormValues(form);
    if (!v) return;
    try {
      const result = await send.mutateAsync({
        all: Boolean(v.all),
        restaurantXids: v.restaurantXids ?? [],
        nodeXids: (byTree && v.nodeXids) || [],
        messageEn: v.messageEn,
        messageZh: v.messageZh,
        file,
      });
      showSuccessMessage(t('notifications.sent', { count: result.recipients }));
      form.resetFields();
      setFile(null);
    } catch (e) {
      if (isApiError(e) && e.errors) {
        form.setFields(
          Object.entries(e.errors)
            .filter(([name]) => name !== 'file')
            .map(([name, message]) => ({
              name: name as 'messageEn',
              errors: [translateServerMessage(message, currentLanguage())],
            })),
        );
        if (e.errors.file) showErrorMessage(translateServerMessage(e.errors.file, currentLanguage()));
        else showErrorMessage(errorText(e));
      } else showErrorMessage(errorText(e));
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('notifications.compose')}>
        <Form form={form} layout="vertical" initialValues={{ all: false, nodeXids: [], restaurantXids: [] }}>
          <Form.Item name="all" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('notifications.all')}</Checkbox>
          </Form.Item>
          {byTree && (
            <Form.Item name="nodeXids" label={t('notifications.byTree')} extra={t('notifications.byTreeHint')}>
              <RestaurantTreePicker
                rootXid={me.data?.nodeXid ?? ''}
                disabled={Boolean(all)}
                ariaLabel={t('notifications.byTree')}
              />
            </Form.Item>
          )}
          <Form.Item
            name="restaurantXids"
            label={t(byTree ? 'notifications.bySearch' : 'notifications.restaurants')}
            dependencies={['all', 'nodeXids']}
            rules={[
              {
                validator: async (_, v: string[]) => {
                  const ticked: string[] = form.getFieldValue('nodeXids') ?? [];
                  if (!form.getFieldValue('all') && (!v || v.length === 0) && (!byTree || ticked.length === 0))
                    throw new Error(tr('agent.recipientsRequired'));
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              disabled={Boolean(all)}
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={options.isFetching}
              placeholder={t('notifications.searchRestaurants')}
              aria-label={t(byTree ? 'notifications.bySearch' : 'notifications.restaurants')}
              options={(options.data?.items ?? []).map((r) => ({ value: r.xid, label: r.name }))}
              notFoundContent={t('portfolio.empty')}
            />
          </Form.Item>
          <Form.Item
            name="messageEn"
            label={t('notifications.messageEn')}
            rules={[{ required: true, whitespace: true, message: tr('agent.messageRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item
            name="messageZh"
            label={t('notifications.messageZh')}
            rules={[{ required: true, whitespace: true, message: tr('agent.messageRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item label={t('notifications.file')} extra={t('notifications.fileHint')}>
            <Upload
              accept={ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(f) => {
                if (f.size > NOTIFICATION_FILE_MAX_BYTES) showErrorMessage(tr('agent.fileTooLarge'));
                else setFile(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('notifications.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          <Button type="primary" onClick={() => void submit()} loading={send.isPending}>
            {t('notifications.send')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('notifications.sentTitle')}>
        {sent.isError && <Alert type="error" showIcon message={errorText(sent.error)} />}
        <List<TSentNotification>
          loading={sent.isLoading}
          dataSource={sent.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('notifications.none')} /> }}
          pagination={{
            current: page,
            pageSize: 10,
            total: sent.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              actions={[
                <Button key="reads" size="small" onClick={() => setOpenId(n.id)} data-testid={`reads-${n.id}`}>
                  {t('notifications.readCount', { read: n.read, total: n.recipients })}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={i18n.language.startsWith('zh') ? n.messageZh : n.messageEn}
                description={`${formatInstant(n.sentAt, i18n.language)} · ${n.sender}${n.fileName ? ` · ${n.fileName}` : ''}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <Drawer open={openId !== null} onClose={() => setOpenId(null)} title={t('notifications.whoRead')} width={460}>
        {reads.isLoading ? null : reads.isError ? (
          <Alert type="error" showIcon message={errorText(reads.error)} />
        ) : (
          <Table
            size="small"
            rowKey={(d) => d.restaurant.xid}
            pagination={false}
            dataSource={reads.data?.deliveries ?? []}
            columns={[
              { title: t('portfolio.restaurant'), key: 'r', render: (_, d) => d.restaurant.name },
              {
                title: t('notifications.readAt'),
                key: 'at',
                render: (_, d) =>
                  d.readAt ? (
                    <Space direction="vertical" size={0}>
                      <StatusTag tone="success">{t('notifications.read')}</StatusTag>
                      <Typography.Text>{`${formatInstant(d.readAt, i18n.language)} · ${d.readBy ?? ''}`}</Typography.Text>
                    </Space>
                  ) : (
                    <StatusTag tone="neutral">{t('notifications.unread')}</StatusTag>
                  ),
              },
            ]}
          />
        )}
      </Drawer>
    </Space>
  );
}
