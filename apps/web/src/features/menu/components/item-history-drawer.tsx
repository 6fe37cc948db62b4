import { Alert, Button, Drawer, Empty, Popconfirm, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TItem, TItemVersion } from '@ra/shared/menu/menu.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useItemVersions } from '../api/get-item-versions.ts';
import { useRestoreItemVersion } from '../api/restore-item-version.ts';
import { changeValueText } from '../version-text.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';
import { useNarrow } from '../../../lib/media-query.ts';

/** An item's versions (issue 8): who changed what and when, newest first; any earlier one can be restored. */
export function ItemHistoryDrawer({ item, open, onClose }: { item: TItem; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const versions = useItemVersions(item.id, open);
  const restore = useRestoreItemVersion();
  const narrow = useNarrow();
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();

  const entry = (v: TItemVersion) => (
    <div data-version={v.version}>
      <Typography.Text strong>{t('history.version', { version: v.version })}</Typography.Text>{' '}
      <Tag>{t(`history.reasons.${v.reason}`)}</Tag>
      <div className="ra-menu__sub">
        {formatDateTime(v.at, lang, zone)} · {v.actor?.name ?? t('history.system')}
      </div>
      {v.changes.length > 0 && (
        <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
          {v.changes.slice(0, 12).map((c) => (
            <li key={c.field}>
              {t(`fields.${c.field}`, { defaultValue: c.field })}: {changeValueText(c.before, lang, c.field, zone)} →{' '}
              {changeValueText(c.after, lang, c.field, zone)}
            </li>
          ))}
          {v.changes.length > 12 && <li>{t('history.more', { count: v.changes.length - 12 })}</li>}
        </ul>
      )}
      {v.version !== item.version && (
        <Popconfirm
          title={t('history.restoreConfirm', { version: v.version })}
          okText={t('history.restore')}
          cancelText={t('actions.cancel')}
          onConfirm={() =>
            restore.mutateAsync({ id: item.id, version: v.version }).then(() => {
              showSuccessMessage(translateMenu('Version restored'));
              onClose();
            })
          }
        >
          <Button size="small" loading={restore.isPending}>
            {t('history.restore')}
          </Button>
        </Popconfirm>
      )}
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('history.title', { name: item.name })}
      size={narrow ? '100%' : 520}
      destroyOnHidden
    >
      {restore.isError && (
        <Alert type="error" showIcon title={menuErrorText(restore.error)} style={{ marginBottom: 12 }} />
      )}
      {versions.isPending ? (
        <Skeleton active />
      ) : versions.isError ? (
        <Alert
          type="error"
          showIcon
          title={menuErrorText(versions.error)}
          action={<Button onClick={() => void versions.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : versions.data.versions.length === 0 ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Timeline items={versions.data.versions.map((v) => ({ key: v.version, content: entry(v) }))} />
      )}
    </Drawer>
  );
}
