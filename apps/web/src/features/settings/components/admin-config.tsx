import { Alert, Button, Descriptions, Skeleton, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import type { TRestAdminConfig, TUpdateRestAdminConfigRequest } from '@ra/shared/business/business.schemas';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, get, post } from '../../../lib/request.ts';

/**
 * SPEC 6 system admin config of the selected restaurant (updateRestAdminConfig). The order-to-go-with-
 * date switch can only be turned on (SPEC 4), so it asks first and then stays on.
 */
export function AdminConfigSwitches() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const rest = useQuery({
    queryKey: ['settings', 'admin-config'],
    queryFn: ({ signal }) => get<TRestInfoResponse>('/api/getrest', { signal, silent: true }),
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: (body: TUpdateRestAdminConfigRequest) =>
      post<TRestAdminConfig>('/api/updateRestAdminConfig', body, { silent: true }),
    onSuccess: () => {
      showSuccessMessage(t('saved'));
      void client.invalidateQueries({ queryKey: ['settings', 'admin-config'] });
    },
    onError: (e) => showErrorMessage(errorText(e)),
  });
  if (rest.isPending) return <Skeleton active />;
  if (rest.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={errorText(rest.error)}
        action={<Button onClick={() => void rest.refetch()}>{t('retry')}</Button>}
      />
    );
  const c = rest.data.config;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('pro.version')}>{c.version}</Descriptions.Item>
      <Descriptions.Item label={t('pro.enablePremiumCoupon')}>
        <Switch
          checked={c.enablePremiumCoupon}
          loading={save.isPending}
          aria-label={t('pro.enablePremiumCoupon')}
          onChange={(on) => save.mutate({ enablePremiumCoupon: on })}
        />
      </Descriptions.Item>
      <Descriptions.Item label={t('pro.enableOrderToGoWithDateSelect')}>
        <Switch
          checked={c.enableOrderToGoWithDateSelect}
          disabled={c.enableOrderToGoWithDateSelect}
          loading={save.isPending}
          aria-label={t('pro.enableOrderToGoWithDateSelect')}
          onChange={() =>
            showConfirm({
              title: t('pro.toGoConfirmTitle'),
              content: t('pro.toGoConfirmContent'),
              okText: t('pro.turnOn'),
              cancelText: t('cancel'),
              onOk: () => save.mutateAsync({ enableOrderToGoWithDateSelect: true }),
            })
          }
        />
      </Descriptions.Item>
    </Descriptions>
  );
}
