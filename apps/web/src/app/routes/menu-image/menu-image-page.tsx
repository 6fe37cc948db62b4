import { PhotoReview } from '../../../features/menu-image/components/photo-review.tsx';

/** SPEC 2 /menuImage/list: customer photo approval. */
export default function MenuImagePage() {
  return <PhotoReview />;
}
