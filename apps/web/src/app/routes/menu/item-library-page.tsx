import { MenuEditorNav } from '../../../features/menu/components/menu-editor-nav.tsx';
import { ItemLibrary } from '../../../features/menu/components/item-library.tsx';

/** /menu/newItemLibrary (SPEC 2, the menu editor's home): the item library under the editor's tabs. */
export default function ItemLibraryPage() {
  return (
    <div className="ra-menu__page">
      <MenuEditorNav />
      <ItemLibrary />
    </div>
  );
}
