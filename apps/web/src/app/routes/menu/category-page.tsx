import { MenuEditorNav } from '../../../features/menu/components/menu-editor-nav.tsx';
import { CategoryList } from '../../../features/menu/components/category-list.tsx';

/** /category (SPEC 2, hidden): the menu's categories under the editor's tabs. */
export default function CategoryPage() {
  return (
    <div className="ra-menu__page">
      <MenuEditorNav />
      <CategoryList />
    </div>
  );
}
