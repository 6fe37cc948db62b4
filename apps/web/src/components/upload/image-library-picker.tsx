/**
 * ImageLibraryPicker: a dialog showing the restaurant's image library (paged on the server), where the
 * user picks one image (or several with `multiple`) or uploads new ones first.
 *
 * Props:
 * - `open`, `onClose()`.
 * - `onPick(images)`: the chosen library images (TLibraryImage: id, webpUrl, jpegUrl, width, height…).
 * - `multiple` (default false), `title` (default "Image library").
 *
 * Usage (the menu's item form):
 *   <ImageLibraryPicker open={open} onClose={() => setOpen(false)} onPick={(images) => setCover(images[0])} />
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Modal, Pagination, Skeleton, Space, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLibraryImage, TLibraryListResponse } from '@ra/shared/media/media.schemas';
import { errorText, get } from '../../lib/request.ts';
import { ImageUpload } from './image-upload.tsx';
import './upload.css';

const PAGE_SIZE = 24;

export interface ImageLibraryPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (images: TLibraryImage[]) => void;
  multiple?: boolean;
  title?: string;
}

export function ImageLibraryPicker({ open, onClose, onPick, multiple = false, title }: ImageLibraryPickerProps) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<TLibraryImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const query = useQuery({
    queryKey: ['media-library', page],
    queryFn: ({ signal }) =>
      get<TLibraryListResponse>('/api/media/images', { silent: true, signal, query: { page, pageSize: PAGE_SIZE } }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const toggle = (image: TLibraryImage) =>
    setChosen((all) =>
      all.some((c) => c.id === image.id) ? all.filter((c) => c.id !== image.id) : multiple ? [...all, image] : [image],
    );
  const close = () => {
    setChosen([]);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title ?? t('library.title')}
      onCancel={close}
      width={880}
      okText={t('library.use', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onPick(chosen);
        close();
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {uploading ? (
          <ImageUpload onUploaded={() => void client.invalidateQueries({ queryKey: ['media-library'] })} />
        ) : (
          <Button onClick={() => setUploading(true)}>{t('library.uploadNew')}</Button>
        )}
        {query.isError && <Alert type="error" showIcon message={errorText(query.error)} />}
        {query.isPending ? (
          <Skeleton active />
        ) : query.data && query.data.items.length === 0 ? (
          <Empty description={t('library.empty')} />
        ) : (
          <ul className="ra-library-grid" aria-label={t('library.title')}>
            {query.data?.items.map((image) => {
              const selected = chosen.some((c) => c.id === image.id);
              return (
                <li key={image.id}>
                  <label className={`ra-library-grid__item${selected ? ' is-selected' : ''}`}>
                    <img src={image.webpUrl} alt={image.originalName} loading="lazy" />
                    <span className="ra-library-grid__caption">
                      <Checkbox checked={selected} onChange={() => toggle(image)} aria-label={image.originalName} />
                      <Typography.Text ellipsis>{image.originalName}</Typography.Text>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {query.data && query.data.total > PAGE_SIZE && (
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Space>
    </Modal>
  );
}
