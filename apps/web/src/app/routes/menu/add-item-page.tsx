import { useSearchParams } from 'react-router';
import { ItemForm } from '../../../features/menu/components/item-form.tsx';
import { idParam } from '../../../features/menu/menu-paths.ts';

/** /AddItem (SPEC 2, hidden): a new item; ?copy=<id> starts from a copy of another item. */
export default function AddItemPage() {
  const [params] = useSearchParams();
  return <ItemForm itemId={null} copyOf={idParam(params.get('copy'))} />;
}
