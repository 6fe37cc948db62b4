import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { menuImageUrl } from '../menu-images.ts';

/** An item's cover image, small; a placeholder when it has none. Decorative: the name sits beside it. */
export function ItemThumb({ imageId }: { imageId: number | null }) {
  if (imageId === null)
    return (
      <span className="ra-menu__thumb" aria-hidden style={{ display: 'inline-grid', placeItems: 'center' }}>
        <PictureOutlined />
      </span>
    );
  return <img className="ra-menu__thumb" src={menuImageUrl(imageId, 'thumb')} alt="" loading="lazy" />;
}
