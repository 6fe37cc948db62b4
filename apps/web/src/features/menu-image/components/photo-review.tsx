import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { REFUSE_REASON_MAX_LENGTH, ZRefuseReason, type TCustomerPhoto } from '@ra/shared/media/media.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { photoUrl, usePhotos } from '../api/get-photos.ts';
import { useRewardCoupons } from '../api/get-reward-coupons.ts';
import { usePhotoToLibrary } from '../api/photo-to-library.ts';
import { useApprovePhotos, useRefusePhotos } from '../api/review-photos.ts';
import {
  menuImageSearch,
  parseMenuImageView,
  photoQueryOf,
  PHOTO_TABS,
  type TMenuImageView,
} from '../menu-image-filter.ts';
import './photo-review.css';

const STATE_COLOR = { unapproved: 'gold', approved: 'green', refused: 'red' } as const;

type TDialog = { kind: 'approve' | 'refuse'; ids: number[] } | null;

/**
 * Customer photo approval (SPEC 2 /menuImage/list, SPEC 4): photos customers sent for a dish, by
 * state; each shown large on demand; approve (optionally with a reward coupon) or refuse with a
 * reason, one or many at once; an approved photo can go to the image library to become an item image.
 * The tab, page and open photo live in the URL.
 */
export function PhotoReview() {
  const { t } = useTranslation('media');
  const [search, setSearch] = useLatestSearch();
  const view = useMemo(() => parseMenuImageView(search), [search]);
  const query = usePhotos(photoQueryOf(view));
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<TDialog>(null);
  const zone = useRestaurantZone();
  const lang = toDisplayLanguage(currentLanguage());
  const toLibrary = usePhotoToLibrary();

  // each change builds on the last one asked for, even before the page has rendered it (useLatestSearch)
  const go = (patch: Partial<TMenuImageView>, replace = true) => {
    setSearch((current) => menuImageSearch({ ...parseMenuImageView(current), ...patch }), { replace });
  };
  const items = query.data?.items ?? [];
  const waitingOnPage = items.filter((p) => p.state === 'unapproved').map((p) => p.id);
  const chosen = selected.filter((id) => waitingOnPage.includes(id));
  const open = view.photo !== null ? items.find((p) => p.id === view.photo) : undefined;
  const when = (at: string) => formatDateTime(at, lang, zone);

  const toggle = (id: number, on: boolean) =>
    setSelected((all) => (on ? [...new Set([...all, id])] : all.filter((x) => x !== id)));

  const addToLibrary = (photo: TCustomerPhoto) =>
    toLibrary.mutate(photo.id, {
      onSuccess: () => showSuccessMessage(t('review.toLibraryDone', { name: photo.name })),
      onError: (e) => Modal.error({ title: t('review.failed'), content: errorText(e) }),
    });

  const tabLabel = (tab: (typeof PHOTO_TABS)[number]) =>
    tab === 'unapproved' && query.data
      ? t('tabs.unapprovedCount', { count: query.data.waiting, n: formatCount(query.data.waiting, lang) })
      : t(`tabs.${tab}`);

  const actions = (photo: TCustomerPhoto) =>
    photo.state === 'unapproved' ? (
      <Space wrap>
        <Button type="primary" icon={<CheckOutlined />} onClick={() => setDialog({ kind: 'approve', ids: [photo.id] })}>
          {t('review.approve')}
        </Button>
        <Button danger icon={<CloseOutlined />} onClick={() => setDialog({ kind: 'refuse', ids: [photo.id] })}>
          {t('review.refuse')}
        </Button>
      </Space>
    ) : photo.state === 'approved' ? (
      photo.libraryImageId !== null ? (
        <Tag icon={<PictureOutlined />}>{t('review.inLibrary')}</Tag>
      ) : (
        <Button
          icon={<PictureOutlined />}
          loading={toLibrary.isPending && toLibrary.variables === photo.id}
          onClick={() => addToLibrary(photo)}
        >
          {t('review.toLibrary')}
        </Button>
      )
    ) : null;

  const details = (photo: TCustomerPhoto) => (
    <>
      <Typography.Text type="secondary">
        {t('review.from', { user: photo.userId, when: when(photo.createdAt) })}
      </Typography.Text>
      {photo.reviewedAt && (
        <Typography.Text type="secondary">
          {t(`review.reviewed.${photo.state}`, { who: photo.reviewedBy ?? '—', when: when(photo.reviewedAt) })}
        </Typography.Text>
      )}
      {photo.reason && <Typography.Text>{t('review.reason', { reason: photo.reason })}</Typography.Text>}
    </>
  );

  return (
    <div className="ra-photos">
      <Typography.Title level={1} className="ra-photos__title" style={{ fontSize: 22 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Segmented
        className="ra-photos__tabs"
        value={view.tab}
        onChange={(tab) => {
          setSelected([]);
          go({ tab: tab as TMenuImageView['tab'], page: 1, photo: null });
        }}
        options={PHOTO_TABS.map((tab) => ({ value: tab, label: tabLabel(tab) }))}
      />

      {waitingOnPage.length > 0 && (
        <div className="ra-photos__toolbar" role="toolbar" aria-label={t('review.bulkLabel')}>
          <Checkbox
            checked={chosen.length === waitingOnPage.length}
            indeterminate={chosen.length > 0 && chosen.length < waitingOnPage.length}
            onChange={(e) => setSelected(e.target.checked ? waitingOnPage : [])}
          >
            {t('review.selectAll')}
          </Checkbox>
          <Typography.Text aria-live="polite">
            {t('review.selected', { count: chosen.length, n: formatCount(chosen.length, lang) })}
          </Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              disabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'approve', ids: chosen })}
            >
              {t('review.approveSelected')}
            </Button>
            <Button danger disabled={chosen.length === 0} onClick={() => setDialog({ kind: 'refuse', ids: chosen })}>
              {t('review.refuseSelected')}
            </Button>
          </Space>
        </div>
      )}

      {query.isError ? (
        <Result
          status="error"
          title={t('loadFailed')}
          subTitle={errorText(query.error)}
          extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      ) : query.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t(`empty.${view.tab}`)} />
      ) : (
        <ul className="ra-photos__grid" aria-busy={query.isFetching || undefined}>
          {items.map((photo) => (
            <li key={photo.id} className="ra-photo-card" data-testid={`photo-${photo.id}`}>
              <button
                type="button"
                className="ra-photo-card__image"
                onClick={() => go({ photo: photo.id }, false)}
                aria-label={t('review.openLarge', { name: photo.name })}
              >
                <img
                  src={photoUrl(photo.id)}
                  alt={photo.name}
                  loading="lazy"
                  width={photo.width}
                  height={photo.height}
                />
              </button>
              <div className="ra-photo-card__body">
                <div className="ra-photo-card__head">
                  {photo.state === 'unapproved' && (
                    <Checkbox
                      checked={selected.includes(photo.id)}
                      onChange={(e) => toggle(photo.id, e.target.checked)}
                      aria-label={t('review.select', { name: photo.name })}
                    />
                  )}
                  <Typography.Text strong ellipsis className="ra-photo-card__name">
                    {photo.name}
                  </Typography.Text>
                  <Tag color={STATE_COLOR[photo.state]}>{t(`state.${photo.state}`)}</Tag>
                </div>
                {details(photo)}
                {actions(photo)}
              </div>
            </li>
          ))}
        </ul>
      )}

      {query.data && query.data.total > query.data.pageSize && (
        <Pagination
          className="ra-photos__pages"
          current={view.page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          showSizeChanger={false}
          onChange={(page) => {
            setSelected([]);
            go({ page });
          }}
        />
      )}

      <Modal
        open={open !== undefined}
        title={open?.name}
        onCancel={() => go({ photo: null })}
        footer={null}
        width={920}
        className="ra-photo-large"
      >
        {open && (
          <div className="ra-photo-large__body">
            <img src={photoUrl(open.id)} alt={open.name} />
            <Space direction="vertical">
              <Tag color={STATE_COLOR[open.state]}>{t(`state.${open.state}`)}</Tag>
              {details(open)}
              {actions(open)}
            </Space>
          </div>
        )}
      </Modal>

      {dialog?.kind === 'approve' && (
        <ApproveDialog
          ids={dialog.ids}
          onClose={(done) => {
            setDialog(null);
            if (done) setSelected([]);
          }}
        />
      )}
      {dialog?.kind === 'refuse' && (
        <RefuseDialog
          ids={dialog.ids}
          onClose={(done) => {
            setDialog(null);
            if (done) setSelected([]);
          }}
        />
      )}
    </div>
  );
}

function ApproveDialog({ ids, onClose }: { ids: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('media');
  const coupons = useRewardCoupons(true);
  const approve = useApprovePhotos();
  const [couponId, setCouponId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = toDisplayLanguage(currentLanguage());
  return (
    <Modal
      open
      title={t('approve.title', { count: ids.length, n: formatCount(ids.length, lang) })}
      okText={t('approve.ok')}
      cancelText={t('cancel')}
      confirmLoading={approve.isPending}
      onCancel={() => onClose(false)}
      onOk={() =>
        approve.mutate(
          { ids, couponId },
          {
            onSuccess: () => {
              showSuccessMessage(t('approve.done', { count: ids.length, n: formatCount(ids.length, lang) }));
              onClose(true);
            },
            onError: (e) => setError(errorText(e)),
          },
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('approve.body')}</Typography.Text>
        <label htmlFor="ra-reward-coupon">{t('approve.coupon')}</label>
        {coupons.isPending ? (
          <Skeleton.Input active block />
        ) : coupons.data?.available && coupons.data.coupons.length > 0 ? (
          <Select
            id="ra-reward-coupon"
            allowClear
            style={{ width: '100%' }}
            placeholder={t('approve.noCoupon')}
            value={couponId ?? undefined}
            onChange={(v) => setCouponId(v ?? null)}
            options={coupons.data.coupons.map((c) => ({ value: c.id, label: c.name }))}
          />
        ) : (
          <Alert
            type="info"
            showIcon
            message={coupons.data?.available ? t('approve.noCouponsYet') : t('approve.couponsNotSetUp')}
          />
        )}
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
    </Modal>
  );
}

function RefuseDialog({ ids, onClose }: { ids: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('media');
  const refuse = useRefusePhotos();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const lang = toDisplayLanguage(currentLanguage());
  return (
    <Modal
      open
      title={t('refuse.title', { count: ids.length, n: formatCount(ids.length, lang) })}
      okText={t('refuse.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      confirmLoading={refuse.isPending}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          refuse.mutate(
            { ids, reason },
            {
              onSuccess: () => {
                showSuccessMessage(t('refuse.done', { count: ids.length, n: formatCount(ids.length, lang) }));
                onClose(true);
              },
              onError: (e) => setError(errorText(e)),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('refuse.reason')}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const parsed = ZRefuseReason.safeParse(value ?? '');
                if (!parsed.success)
                  throw new Error(translateServerMessage(parsed.error.issues[0]!.message, currentLanguage()));
              },
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={REFUSE_REASON_MAX_LENGTH}
            showCount
            placeholder={t('refuse.placeholder')}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}
