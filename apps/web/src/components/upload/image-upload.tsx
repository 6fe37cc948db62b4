/**
 * ImageUpload: drag and drop (or pick) several images; each uploads on its own with a progress bar
 * and its own error, in the interface language. Files go to the image library by default.
 *
 * Props:
 * - `onUploaded(images)`: called with the library images of each file that succeeded (once per file).
 * - `action` (default '/api/media/images', under the API base): where files are posted (multipart,
 *   field `file`); the answer must be `{ images: TLibraryImage[] }`.
 * - `multiple` (default true): several files at once.
 * - `maxBytes` (default 10 MB): bigger files are refused here, before they are sent.
 * - `disabled`.
 *
 * Usage (the menu's item form): <ImageUpload onUploaded={(images) => addImages(images)} />
 * The server checks each file's content; its refusal ("This file is not an image…") shows under it.
 */
import { useState } from 'react';
import { Button, Progress, Typography, Upload } from 'antd';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { useTranslation } from 'react-i18next';
import type { TLibraryImage } from '@ra/shared/media/media.schemas';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import { currentLanguage } from '../../lib/i18n.ts';
import { translateServerMessage } from '../../lib/server-message.ts';
import { uploadWithProgress } from './upload-request.ts';
import './upload.css';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,.heic';

type TItem = {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  abort?: () => void;
};

export interface ImageUploadProps {
  onUploaded?: (images: TLibraryImage[]) => void;
  action?: string;
  multiple?: boolean;
  maxBytes?: number;
  disabled?: boolean;
}

export function ImageUpload({
  onUploaded,
  action = '/api/media/images',
  multiple = true,
  maxBytes = MAX_IMAGE_BYTES,
  disabled,
}: ImageUploadProps) {
  const { t } = useTranslation('media');
  const [items, setItems] = useState<TItem[]>([]);
  const patch = (uid: string, change: Partial<TItem>) =>
    setItems((all) => all.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  const start = (file: File & { uid?: string }) => {
    const uid = file.uid ?? `${file.name}-${file.size}-${Math.random()}`;
    if (file.size > maxBytes) {
      setItems((all) => [
        ...all,
        {
          uid,
          name: file.name,
          percent: 0,
          status: 'error',
          error: translateServerMessage(MEDIA_MESSAGES.fileTooLarge.en, currentLanguage()),
        },
      ]);
      return;
    }
    const upload = uploadWithProgress<{ images: TLibraryImage[] }>(action, [file], (percent) =>
      patch(uid, { percent }),
    );
    setItems((all) => [...all, { uid, name: file.name, percent: 0, status: 'uploading', abort: upload.abort }]);
    void upload.promise.then((result) => {
      if (result.ok && result.body) {
        patch(uid, { status: 'done', percent: 100, abort: undefined });
        onUploaded?.(result.body.images);
      } else {
        patch(uid, {
          status: 'error',
          abort: undefined,
          error: translateServerMessage(result.message ?? 'Error', currentLanguage()),
        });
      }
    });
  };

  return (
    <div className="ra-image-upload">
      <Upload.Dragger
        accept={ACCEPT}
        multiple={multiple}
        disabled={disabled}
        showUploadList={false}
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('upload.drop')}</p>
        <p className="ant-upload-hint">{t('upload.hint')}</p>
      </Upload.Dragger>
      {items.length > 0 && (
        <ul className="ra-image-upload__list" aria-label={t('upload.listLabel')} aria-live="polite">
          {items.map((item) => (
            <li key={item.uid} className="ra-image-upload__item">
              <div className="ra-image-upload__row">
                <Typography.Text ellipsis className="ra-image-upload__name">
                  {item.name}
                </Typography.Text>
                <Typography.Text
                  type={item.status === 'error' ? 'danger' : item.status === 'done' ? 'success' : 'secondary'}
                >
                  {t(`upload.status.${item.status}`)}
                </Typography.Text>
                {item.status === 'uploading' && item.abort && (
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('upload.cancel', { name: item.name })}
                    onClick={item.abort}
                  />
                )}
                {item.status !== 'uploading' && (
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('upload.dismiss', { name: item.name })}
                    onClick={() => setItems((all) => all.filter((i) => i.uid !== item.uid))}
                  />
                )}
              </div>
              {item.status === 'uploading' && <Progress percent={item.percent} size="small" aria-label={item.name} />}
              {item.error && (
                <Typography.Text type="danger" role="alert">
                  {item.error}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
