import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_STATUSES,
  REJECT_REASONS,
  ZRejectRequest,
  type TApplication,
  type TApplicationKind,
  type TApplicationStatus,
} from '@ra/shared/agent/agent.schemas';
import { useApplications } from '../api/get-applications.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { StatusTag, type TStatusTone } from '../../../components/status-tag.tsx';
import { validFormValues } from '../../../lib/form-values.ts';
import { formatInstant } from '../agent-format.ts';

const STATUS_TONE: Record<TApplicationStatus, TStatusTone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
};

/** Application review (SPEC 4): pending, then approved or rejected with a reason from the list and a note. */
export function ApplicationsPanel() {
  const { t, i18n } = useTranslation('agent');
  const [kind, setKind] = useState<TApplicationKind | 'all'>('all');
  const [status, setStatus] = useState<TApplicationStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<TApplication | null>(null);
  const list = useApplications({
    kind: kind === 'all' ? undefined : kind,
    status: status === 'all' ? undefined : status,
    page,
    pageSize: 10,
  });
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [form] = Form.useForm<{ reason: string; note: string }>();

  const confirmApprove = (a: TApplication) =>
    Modal.confirm({
      title: t('applications.approveTitle'),
      content:
        a.kind === 'restaurant'
          ? t('applications.approveRestaurant', { name: a.businessName, email: a.email })
          : t('applications.approveMember', { name: `${a.firstName} ${a.lastName}`, email: a.email }),
      okText: t('applications.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await approve.mutateAsync(a.id);
          showSuccessMessage(translateServerMessage(result.message, currentLanguage()));
        } catch (e) {
          showErrorMessage(errorText(e));
        }
      },
    });

  const submitReject = async () => {
    const values = await validFormValues(form);
    if (!values || !rejecting) return;
    try {
      await reject.mutateAsync({ id: rejecting.id, ...ZRejectRequest.parse(values) });
      showSuccessMessage(t('applications.rejectedDone'));
      setRejecting(null);
      form.resetFields();
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };

  const rule = (field: 'reason' | 'note') => ({
    validator: async (_: unknown, value: unknown) => {
      const parsed = ZRejectRequest.shape[field].safeParse(value);
      if (!parsed.success)
        throw new Error(translateServerMessage(parsed.error.issues[0]?.message ?? '', currentLanguage()));
    },
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          aria-label={t('applications.kind')}
          value={kind}
          onChange={(v) => {
            setKind(v as TApplicationKind | 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('applications.allKinds') },
            { value: 'restaurant', label: t('applications.restaurant') },
            { value: 'member', label: t('applications.member') },
          ]}
        />
        <Segmented
          aria-label={t('applications.state')}
          value={status}
          onChange={(v) => {
            setStatus(v as TApplicationStatus | 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('applications.allStates') },
            ...APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`appStatus.${s}`) })),
          ]}
        />
      </Space>
      {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
      <List
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('applications.empty')} /> }}
        renderItem={(a) => (
          <List.Item key={a.id} data-testid={`application-${a.id}`}>
            <Card size="small" style={{ width: '100%' }}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>
                    {a.kind === 'restaurant' ? a.businessName : `${a.firstName} ${a.lastName}`}
                  </Typography.Text>
                  <Tag>{t(`applications.${a.kind}`)}</Tag>
                  <StatusTag tone={STATUS_TONE[a.status]}>{t(`appStatus.${a.status}`)}</StatusTag>
                </Space>
                <Typography.Text type="secondary">
                  {a.kind === 'restaurant' ? `${a.firstName} ${a.lastName} · ` : ''}
                  {a.email}
                  {a.phone ? ` · ${a.phone}` : ''}
                  {a.city ? ` · ${a.city}${a.state ? `, ${a.state}` : ''}` : ''}
                </Typography.Text>
                {a.message && <Typography.Paragraph style={{ margin: 0 }}>{a.message}</Typography.Paragraph>}
                <Typography.Text type="secondary">
                  {t('applications.submitted', { when: formatInstant(a.submittedAt, i18n.language) })}
                </Typography.Text>
                {a.status !== 'pending' && (
                  <Typography.Text>
                    {t('applications.reviewed', {
                      who: a.reviewer ?? '—',
                      when: formatInstant(a.reviewedAt, i18n.language),
                    })}
                    {a.rejectReason ? ` · ${t(`reason.${a.rejectReason}`)}: ${a.rejectNote ?? ''}` : ''}
                    {a.created ? ` · ${t('applications.created', { name: a.created.name })}` : ''}
                  </Typography.Text>
                )}
                {a.status === 'pending' && (
                  <Space>
                    <Button type="primary" onClick={() => confirmApprove(a)}>
                      {t('applications.approve')}
                    </Button>
                    <Button danger onClick={() => setRejecting(a)}>
                      {t('applications.reject')}
                    </Button>
                  </Space>
                )}
              </Space>
            </Card>
          </List.Item>
        )}
      />
      <Pagination current={page} pageSize={10} total={list.data?.total ?? 0} onChange={setPage} hideOnSinglePage />
      <Modal
        open={rejecting !== null}
        title={t('applications.rejectTitle', {
          name: rejecting?.businessName ?? `${rejecting?.firstName ?? ''} ${rejecting?.lastName ?? ''}`,
        })}
        okText={t('applications.reject')}
        okButtonProps={{ danger: true, loading: reject.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => void submitReject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('applications.rejectNeeds')}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={t('applications.reason')} required rules={[rule('reason')]}>
            <Select options={REJECT_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} />
          </Form.Item>
          <Form.Item name="note" label={t('applications.note')} required rules={[rule('note')]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
