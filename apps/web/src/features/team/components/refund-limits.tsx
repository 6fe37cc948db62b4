import { useMemo, useState } from 'react';
import { Alert, Button, Empty, InputNumber, List, Popconfirm, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { REFUND_MAX_CENTS } from '@ra/shared/refunds/refunds.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { useRefundLimits, useSaveRefundLimits } from '../api/refund-limits.ts';
import './team.css';

/** A role's limit while editing: none (null), dollars typed, or left empty (invalid). */
type TDraft = { limited: boolean; dollars: number | null };

const toDraft = (limitCents: number | null): TDraft =>
  limitCents === null ? { limited: false, dollars: null } : { limited: true, dollars: limitCents / 100 };
const toCents = (d: TDraft): number | null => (d.limited ? Math.round((d.dollars ?? 0) * 100) : null);

/**
 * The refund limits tab of team management (issue 23): per role, no limit or an amount above which a
 * refund waits for a second person with the permission. Only changed roles are sent, all or nothing;
 * the server refuses (and says why) a limit above the editor's own.
 */
export function RefundLimits() {
  const { t, i18n } = useTranslation('refunds');
  const lang = toDisplayLanguage(i18n.language);
  const query = useRefundLimits();
  const save = useSaveRefundLimits();
  const [drafts, setDrafts] = useState<Record<number, TDraft>>({});
  const [error, setError] = useState<string | null>(null);
  const roles = useMemo(() => query.data?.roles ?? [], [query.data]);

  const draftOf = (roleId: number, limitCents: number | null) => drafts[roleId] ?? toDraft(limitCents);
  const changed = roles.filter((r) => drafts[r.roleId] && toCents(drafts[r.roleId]!) !== r.limitCents);
  const invalid = roles.filter((r) => {
    const d = drafts[r.roleId];
    return d?.limited && (d.dollars === null || d.dollars < 0);
  });

  async function submit(): Promise<void> {
    setError(null);
    try {
      await save.mutateAsync(changed.map((r) => ({ roleId: r.roleId, limitCents: toCents(drafts[r.roleId]!) })));
      setDrafts({});
      showSuccessMessage(t('limits.saved'));
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('limits.loadError')}
        description={errorText(query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('limits.retry')}</Button>}
      />
    );

  return (
    <div className="ra-refund-limits">
      <Typography.Paragraph type="secondary">{t('limits.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      <List
        bordered
        dataSource={roles}
        locale={{ emptyText: <Empty description={t('limits.empty')} /> }}
        pagination={roles.length > 20 ? { pageSize: 20, size: 'small' } : false}
        renderItem={(role) => {
          const d = draftOf(role.roleId, role.limitCents);
          const missing = d.limited && d.dollars === null;
          const set = (next: TDraft) => setDrafts((all) => ({ ...all, [role.roleId]: next }));
          return (
            <List.Item className="ra-refund-limits__row">
              <div className="ra-refund-limits__name">
                <Typography.Text strong>{role.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {role.limitCents === null
                    ? t('limits.nowNone')
                    : t('limits.now', { value: formatCents(role.limitCents, lang) })}
                </Typography.Text>
              </div>
              <Space wrap className="ra-refund-limits__controls">
                <Switch
                  checked={d.limited}
                  aria-label={t('limits.limitedLabel', { role: role.name })}
                  checkedChildren={t('limits.limited')}
                  unCheckedChildren={t('limits.none')}
                  onChange={(limited) => set({ limited, dollars: limited ? (d.dollars ?? 50) : null })}
                />
                <div>
                  <InputNumber
                    aria-label={t('limits.amountLabel', { role: role.name })}
                    prefix="$"
                    min={0}
                    max={REFUND_MAX_CENTS / 100}
                    precision={2}
                    step={10}
                    disabled={!d.limited}
                    status={missing ? 'error' : undefined}
                    value={d.limited ? d.dollars : null}
                    placeholder={d.limited ? '' : t('limits.noLimitPlaceholder')}
                    onChange={(v) => set({ limited: true, dollars: v })}
                    style={{ width: 160 }}
                  />
                  {missing && (
                    <Typography.Text type="danger" className="ra-refund-limits__error">
                      {t('limits.required')}
                    </Typography.Text>
                  )}
                </div>
              </Space>
            </List.Item>
          );
        }}
      />
      <Space className="ra-refund-limits__actions" wrap>
        <Popconfirm
          title={t('limits.confirm', { count: changed.length })}
          okText={t('limits.save')}
          cancelText={t('limits.cancel')}
          onConfirm={() => void submit()}
          disabled={changed.length === 0 || invalid.length > 0}
        >
          <Button type="primary" loading={save.isPending} disabled={changed.length === 0 || invalid.length > 0}>
            {t('limits.save')}
          </Button>
        </Popconfirm>
        <Button disabled={Object.keys(drafts).length === 0} onClick={() => setDrafts({})}>
          {t('limits.discard')}
        </Button>
      </Space>
    </div>
  );
}
