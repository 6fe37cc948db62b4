import { useRef, useState } from 'react';
import { Alert, Button, Empty, Form, Modal, Pagination, Space, Spin, Tooltip, Typography, Upload } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { uploadImages, useImageLibrary } from '../api/images.ts';
import { menuImageUrl } from '../menu-images.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';

/**
 * An item's images and its cover (SPEC 3, issue 8 "A cover image per item"): upload by dropping or
 * choosing several files at once (they join the restaurant's image library), or pick from the
 * library. The first image is the cover until another is starred.
 */
export function ItemImagesField() {
  const { t } = useTranslation('menu');
  const form = Form.useFormInstance();
  const imageIds = (Form.useWatch('imageIds', form) ?? []) as number[];
  const coverImageId = Form.useWatch('coverImageId', form) as number | null | undefined;
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const client = useQueryClient();
  const cover = coverImageId ?? imageIds[0] ?? null;

  const set = (ids: number[], nextCover: number | null = cover) => {
    const kept = [...new Set(ids)].slice(0, 20);
    form.setFieldsValue({ imageIds: kept, coverImageId: nextCover !== null && kept.includes(nextCover) ? nextCover : (kept[0] ?? null) });
    // setFieldsValue does not count as the person's change: tell the form
    form.validateFields(['imageIds']).catch(() => undefined);
  };

  const upload = async (files: File[]) => {
    setFailure(null);
    setUploading(true);
    try {
      const { images } = await uploadImages(files);
      set([...imageIds, ...images.map((i) => i.id)]);
      void client.invalidateQueries({ queryKey: ['menu', 'images'] });
    } catch (e) {
      setFailure(menuErrorText(e));
    } finally {
      setUploading(false);
    }
  };

  // antd calls beforeUpload once per file; collect the batch and send it as one request
  const batch = useRef<File[]>([]);
  return (
    <div>
      <Form.Item name="imageIds" hidden>
        <span />
      </Form.Item>
      <Form.Item name="coverImageId" hidden>
        <span />
      </Form.Item>
      {imageIds.length === 0 ? (
        <Typography.Paragraph type="secondary">{translateMenu('Please upload images in Menu Dish Additional Images!')}</Typography.Paragraph>
      ) : (
        <ul className="ra-item-form__images" aria-label={t('images.list')} style={{ listStyle: 'none', padding: 0 }}>
          {imageIds.map((id, index) => (
            <li key={id} className={id === cover ? 'ra-item-form__image is-cover' : 'ra-item-form__image'} data-item-image>
              <img src={menuImageUrl(id)} alt={t('images.alt', { n: index + 1 })} />
              <Space size={0}>
                <Tooltip title={id === cover ? t('images.isCover') : t('images.makeCover')}>
                  <Button
                    type="text"
                    size="small"
                    aria-pressed={id === cover}
                    aria-label={id === cover ? t('images.isCover') : t('images.makeCoverN', { n: index + 1 })}
                    icon={id === cover ? <StarFilled /> : <StarOutlined />}
                    onClick={() => set(imageIds, id)}
                  />
                </Tooltip>
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label={t('images.remove', { n: index + 1 })}
                  icon={<DeleteOutlined />}
                  onClick={() => set(imageIds.filter((x) => x !== id))}
                />
              </Space>
            </li>
          ))}
        </ul>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ margin: '8px 0' }} />}
      <Spin spinning={uploading}>
        <Upload.Dragger
          multiple
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file, fileList) => {
            batch.current.push(file);
            if (batch.current.length === fileList.length) {
              const files = batch.current;
              batch.current = [];
              void upload(files);
            }
            return false;
          }}
          data-image-drop
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('images.drop')}</p>
          <p className="ra-item-form__hint">{t('images.rules')}</p>
        </Upload.Dragger>
      </Spin>
      <Button icon={<PictureOutlined />} style={{ marginTop: 8 }} onClick={() => setPicking(true)}>
        {t('images.pick')}
      </Button>
      <ImageLibraryPicker
        open={picking}
        chosen={imageIds}
        onClose={() => setPicking(false)}
        onPick={(ids) => {
          set([...imageIds, ...ids]);
          setPicking(false);
        }}
      />
    </div>
  );
}

function ImageLibraryPicker({
  open,
  chosen,
  onClose,
  onPick,
}: {
  open: boolean;
  chosen: number[];
  onClose: () => void;
  onPick: (ids: number[]) => void;
}) {
  const { t } = useTranslation('menu');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const library = useImageLibrary(page, open);
  return (
    <Modal
      open={open}
      title={t('images.library')}
      onCancel={() => {
        setPicked([]);
        onClose();
      }}
      okText={t('images.add', { count: picked.length })}
      okButtonProps={{ disabled: picked.length === 0 }}
      onOk={() => {
        onPick(picked);
        setPicked([]);
      }}
      width={760}
      destroyOnHidden
    >
      {library.isError ? (
        <Alert type="error" showIcon title={menuErrorText(library.error)} />
      ) : library.isPending ? (
        <Spin />
      ) : library.data.items.length === 0 ? (
        <Empty description={t('images.libraryEmpty')} />
      ) : (
        <>
          <ul className="ra-item-form__images" style={{ listStyle: 'none', padding: 0 }}>
            {library.data.items.map((image) => {
              const already = chosen.includes(image.id);
              const on = picked.includes(image.id);
              return (
                <li key={image.id} className={on ? 'ra-item-form__image is-cover' : 'ra-item-form__image'}>
                  <button
                    type="button"
                    disabled={already}
                    aria-pressed={on}
                    aria-label={image.originalName}
                    style={{ border: 0, padding: 0, background: 'none', cursor: already ? 'not-allowed' : 'pointer', opacity: already ? 0.4 : 1 }}
                    onClick={() => setPicked((ids) => (on ? ids.filter((x) => x !== image.id) : [...ids, image.id]))}
                  >
                    <img src={menuImageUrl(image.id)} alt="" />
                  </button>
                </li>
              );
            })}
          </ul>
          <Pagination simple current={page} pageSize={24} total={library.data.total} onChange={setPage} />
        </>
      )}
    </Modal>
  );
}
