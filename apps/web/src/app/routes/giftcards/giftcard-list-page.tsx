import { GiftcardList } from '../../../features/giftcards/components/giftcard-list.tsx';

/** /giftcard/list (viewGiftcard): search, a card's actions and its history. */
export default function GiftcardListPage() {
  return <GiftcardList />;
}
