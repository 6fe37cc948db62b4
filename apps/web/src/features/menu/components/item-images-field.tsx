import { useState } from 'react';
import { Button, Form, Space, Tooltip, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { useTranslation } from 'react-i18next';
import { ImageLibraryPicker } from '../../../components/upload/image-library-picker.tsx';
import { ImageUpload } from '../../../components/upload/image-upload.tsx';
import { menuImageUrl } from '../menu-images.ts';
import { translateMenu } from '../menu-messages.ts';

/**
 * An item's images and its cover (SPEC 3, issue 8 "A cover image per item"): upload by dropping or
 * choosing several files at once (they join the restaurant's image library; the server checks each
 * by content and resizes it so its shorter side is 550 px), or pick from the library. The first image
 * is the cover until another is starred.
 */
export function ItemImagesField() {
  const { t } = useTranslation('menu');
  const form = Form.useFormInstance();
  const imageIds = (Form.useWatch('imageIds', form) ?? []) as number[];
  const coverImageId = Form.useWatch('coverImageId', form) as number | null | undefined;
  const [picking, setPicking] = useState(false);
  const cover = coverImageId ?? imageIds[0] ?? null;

  const set = (ids: number[], nextCover: number | null = cover) => {
    const current = (form.getFieldValue('imageIds') ?? []) as number[];
    const kept = [...new Set(ids.length ? ids : current)].slice(0, 20);
    form.setFieldsValue({
      imageIds: kept,
      coverImageId: nextCover !== null && kept.includes(nextCover) ? nextCover : (kept[0] ?? null),
    });
    // setFieldsValue is not the person's change: the form's own change handler is told through validation
    form.validateFields(['imageIds']).catch(() => undefined);
  };
  const add = (ids: number[]) => {
    const current = (form.getFieldValue('imageIds') ?? []) as number[];
    set([...current, ...ids]);
  };

  return (
    <div>
      <Form.Item name="imageIds" hidden>
        <span />
      </Form.Item>
      <Form.Item name="coverImageId" hidden>
        <span />
      </Form.Item>
      {imageIds.length === 0 ? (
        <Typography.Paragraph type="secondary">
          {translateMenu('Please upload images in Menu Dish Additional Images!')}
        </Typography.Paragraph>
      ) : (
        <ul className="ra-item-form__images" aria-label={t('images.list')} style={{ listStyle: 'none', padding: 0 }}>
          {imageIds.map((id, index) => (
            <li
              key={id}
              className={id === cover ? 'ra-item-form__image is-cover' : 'ra-item-form__image'}
              data-item-image
            >
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
                  onClick={() => {
                    const rest = imageIds.filter((x) => x !== id);
                    form.setFieldsValue({ imageIds: rest, coverImageId: cover === id ? (rest[0] ?? null) : cover });
                    form.validateFields(['imageIds']).catch(() => undefined);
                  }}
                />
              </Space>
            </li>
          ))}
        </ul>
      )}
      <ImageUpload onUploaded={(images) => add(images.map((i) => i.id))} />
      <Button icon={<PictureOutlined />} style={{ marginTop: 8 }} onClick={() => setPicking(true)}>
        {t('images.pick')}
      </Button>
      <ImageLibraryPicker
        open={picking}
        multiple
        onClose={() => setPicking(false)}
        onPick={(images) => {
          add(images.map((i) => i.id));
          setPicking(false);
        }}
      />
    </div>
  );
}
