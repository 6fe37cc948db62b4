import { useState } from 'react';
import { Button, Card, Input, Result, Switch, Table, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAdminRestaurant, TUpdateRestAdminConfigRequest } from '@ra/shared/business/business.schemas';
import { useAdminRestaurants, useUpdateAdminConfig } from '../../../features/business/api/admin.ts';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';

/**
 * /AdminPanel (SPEC 6, platform staff): every restaurant, searched by name, city or id, with the
 * system admin config (updateRestAdminConfig) switchable per row. The search is kept in the URL.
 */
export default function AdminPanelPage() {
  const { t } = useTranslation('business');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const list = useAdminRestaurants(q, page);
  const update = useUpdateAdminConfig();

  const change = (r: TAdminRestaurant, body: TUpdateRestAdminConfigRequest) =>
    update.mutate(
      { id: r.id, ...body },
      { onSuccess: () => showSuccessMessage(t('admin.saved')), onError: (e) => showErrorMessage(errorText(e)) },
    );

  if (list.isError && isApiError(list.error) && (list.error.status === 403 || list.error.status === 401))
    return (
      <Result
        status="403"
        title={t('admin.title')}
        subTitle={t('admin.staffOnly')}
        style={{ paddingTop: '15vh' }}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('admin.backHome')}
          </Button>
        }
      />
    );

  return (
    <main style={{ padding: 16, maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={3}>{t('admin.title')}</Typography.Title>
      <Card size="small">
        <Input.Search
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {}, { replace: true })}
          placeholder={t('admin.searchPlaceholder')}
          aria-label={t('admin.search')}
          allowClear
          enterButton
          style={{ maxWidth: 420, marginBottom: 12 }}
        />
        {list.isError ? (
          <Result
            status="error"
            title={t('admin.loadFailed')}
            subTitle={errorText(list.error)}
            extra={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : (
          <Table<TAdminRestaurant>
            rowKey="id"
            size="small"
            loading={list.isPending}
            dataSource={list.data?.items ?? []}
            scroll={{ x: true }}
            locale={{ emptyText: t('admin.empty') }}
            pagination={{
              current: page,
              pageSize: list.data?.pageSize ?? 20,
              total: list.data?.total ?? 0,
              onChange: (p) => setParams({ ...(q ? { q } : {}), page: String(p) }, { replace: true }),
            }}
            columns={[
              {
                title: t('admin.restaurant'),
                key: 'n',
                render: (_, r) => (
                  <span>
                    <Typography.Text strong>{r.name}</Typography.Text> <Tag>{r.xid}</Tag>
                    <br />
                    <Typography.Text type="secondary">{r.fullname}</Typography.Text>
                  </span>
                ),
              },
              { title: t('admin.city'), key: 'c', render: (_, r) => [r.city, r.state].filter(Boolean).join(', ') },
              { title: t('admin.version'), key: 'v', render: (_, r) => r.config.version },
              {
                title: t('admin.premiumCoupon'),
                key: 'p',
                render: (_, r) => (
                  <Switch
                    checked={r.config.enablePremiumCoupon}
                    aria-label={`${t('admin.premiumCoupon')} — ${r.name}`}
                    onChange={(on) => change(r, { enablePremiumCoupon: on })}
                  />
                ),
              },
              {
                title: t('admin.toGoWithDate'),
                key: 'g',
                render: (_, r) => (
                  <Switch
                    checked={r.config.enableOrderToGoWithDateSelect}
                    disabled={r.config.enableOrderToGoWithDateSelect}
                    aria-label={`${t('admin.toGoWithDate')} — ${r.name}`}
                    onChange={() =>
                      showConfirm({
                        title: t('admin.toGoConfirmTitle'),
                        content: t('admin.toGoConfirmContent', { name: r.name }),
                        okText: t('admin.turnOn'),
                        cancelText: t('actions.cancel'),
                        onOk: () => change(r, { enableOrderToGoWithDateSelect: true }),
                      })
                    }
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
    </main>
  );
}
