import { useState, type ReactNode } from 'react';
import { Button, Empty, List, Modal, Pagination, Result, Skeleton, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TLibraryListItem } from '@ra/shared/media/media.schemas';
import { ImageUpload } from '../../../components/upload/image-upload.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useDeleteImage, useImageLibrary, useRefreshImages } from '../api/image-library.ts';
import {
  formatImageBytes,
  IMAGE_LIBRARY_PAGE_SIZE,
  imagePageSearch,
  pageAfterDelete,
  parseImagePage,
} from '../image-library.ts';
import { editItemPath } from '../menu-paths.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';
import { UsedInDialog } from './used-in-dialog.tsx';
import './menu.css';

/**
 * The image library (issue 8 "An image library to reuse images across items"), a tab of the menu
 * editor: the restaurant's images newest first as cards (thumbnail, size, when uploaded, how many
 * items show it), several uploaded at once by dropping them, the items that show an image, and
 * deleting. Deleting a used image names its items first, like a used category; confirming takes it
 * off them (force), then deletes it.
 */
export function ImageLibrary() {
  const { t } = useTranslation('menu');
  const lang = toDisplayLanguage(currentLanguage());
  const zone = useRestaurantZone();
  const [search, setSearch] = useSearchParams();
  const page = parseImagePage(search);
  const query = useImageLibrary(page);
  const refresh = useRefreshImages();
  const remove = useDeleteImage();
  const [usesOf, setUsesOf] = useState<TLibraryListItem | null>(null);
  const [target, setTarget] = useState<TLibraryListItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const goTo = (next: number) => setSearch(imagePageSearch(next));

  const askDelete = (image: TLibraryListItem) => {
    setDeleteError(null);
    setTarget(image);
  };
  const confirmDelete = async () => {
    if (!target) return;
    setDeleteError(null);
    try {
      // force only with the list the person was shown: an image used since then answers 409
      await remove.mutateAsync({ id: target.id, force: target.usedBy.length > 0 });
      showSuccessMessage(translateMenu('Deleted'));
      setTarget(null);
      const total = query.data?.total ?? 0;
      const next = pageAfterDelete(page, total, IMAGE_LIBRARY_PAGE_SIZE);
      if (next !== page) goTo(next);
    } catch (error) {
      setDeleteError(menuErrorText(error));
      if (isApiError(error) && error.status === 409) {
        const fresh = (await query.refetch()).data?.items.find((i) => i.id === target.id);
        if (fresh) setTarget(fresh);
      }
    }
  };

  const upload = (
    <section className="ra-image-library__upload" aria-label={t('imageLibrary.upload')}>
      <ImageUpload
        onUploaded={() => {
          // newest first: the new images are on the first page
          if (page !== 1) goTo(1);
          void refresh();
        }}
      />
    </section>
  );

  let body: ReactNode;
  if (query.isError && !query.data) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    body = (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('library.forbidden') : t('imageLibrary.loadFailed')}
        subTitle={forbidden ? undefined : menuErrorText(query.error)}
        extra={
          forbidden ? undefined : (
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          )
        }
      />
    );
  } else if (query.isPending) {
    body = (
      <ul className="ra-image-library__grid" aria-busy="true" aria-label={t('imageLibrary.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="ra-image-card">
            <Skeleton.Image active className="ra-image-card__skeleton" />
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (query.data.items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imageLibrary.empty')} />;
  } else {
    const data = query.data;
    body = (
      <>
        <ul className="ra-image-library__grid" aria-label={t('imageLibrary.listLabel')}>
          {data.items.map((image) => (
            <li key={image.id} className="ra-image-card" data-library-image={image.originalName}>
              <img
                src={image.webpUrl}
                alt={image.originalName}
                loading="lazy"
                width={image.width}
                height={image.height}
              />
              <div className="ra-image-card__body">
                <Typography.Text strong ellipsis={{ tooltip: image.originalName }} className="ra-image-card__name">
                  {image.originalName}
                </Typography.Text>
                <Typography.Text type="secondary" className="ra-image-card__meta">
                  {t('imageLibrary.size', {
                    width: image.width,
                    height: image.height,
                    bytes: formatImageBytes(image.bytes, lang),
                  })}
                </Typography.Text>
                <Typography.Text type="secondary" className="ra-image-card__meta">
                  {t('imageLibrary.uploaded', { when: formatDateTime(image.uploadedAt, lang, zone) })}
                </Typography.Text>
                <div className="ra-image-card__actions">
                  {image.usedBy.length > 0 ? (
                    <Button
                      type="link"
                      size="small"
                      className="ra-image-card__uses"
                      aria-haspopup="dialog"
                      aria-label={t('imageLibrary.showUses', {
                        count: image.usedBy.length,
                        n: formatCount(image.usedBy.length, lang),
                        name: image.originalName,
                      })}
                      onClick={() => setUsesOf(image)}
                    >
                      {t('imageLibrary.usedBy', {
                        count: image.usedBy.length,
                        n: formatCount(image.usedBy.length, lang),
                      })}
                    </Button>
                  ) : (
                    <Typography.Text type="secondary" className="ra-image-card__unused">
                      {t('imageLibrary.unused')}
                    </Typography.Text>
                  )}
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.deleteNamed', { name: image.originalName })}
                    onClick={() => askDelete(image)}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
        {data.total > IMAGE_LIBRARY_PAGE_SIZE && (
          <Pagination
            className="ra-image-library__pages"
            current={page}
            pageSize={IMAGE_LIBRARY_PAGE_SIZE}
            total={data.total}
            onChange={goTo}
            showSizeChanger={false}
          />
        )}
      </>
    );
  }

  return (
    <div className="ra-image-library">
      <div className="ra-image-library__head">
        <Typography.Paragraph type="secondary" className="ra-image-library__intro">
          {t('imageLibrary.intro')}
        </Typography.Paragraph>
        {query.data && (
          <Typography.Text type="secondary" data-image-total>
            {t('imageLibrary.total', { count: query.data.total, n: formatCount(query.data.total, lang) })}
          </Typography.Text>
        )}
      </div>
      {upload}
      {body}
      <Modal
        open={usesOf !== null}
        title={t('imageLibrary.usesTitle', { name: usesOf?.originalName ?? '' })}
        onCancel={() => setUsesOf(null)}
        footer={
          <Button type="primary" onClick={() => setUsesOf(null)}>
            {t('imageLibrary.close')}
          </Button>
        }
        destroyOnHidden
      >
        <List
          size="small"
          bordered
          dataSource={usesOf?.usedBy ?? []}
          style={{ maxHeight: 320, overflow: 'auto' }}
          renderItem={(use) => (
            <List.Item>
              <Typography.Text type="secondary">{t(`kinds.${use.kind}`)}</Typography.Text>
              <Link to={editItemPath(use.id)}>{use.name}</Link>
            </List.Item>
          )}
        />
      </Modal>
      <UsedInDialog
        open={target !== null}
        name={target?.originalName ?? ''}
        usedIn={target?.usedBy ?? []}
        deleting={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setTarget(null)}
      />
    </div>
  );
}
