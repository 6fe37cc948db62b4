import { MenuEditorNav } from '../../../features/menu/components/menu-editor-nav.tsx';
import { MenuGroupList } from '../../../features/menu/components/menu-group-list.tsx';

/** /menugroup (SPEC 2, hidden): menu groups under the editor's tabs. */
export default function MenuGroupPage() {
  return (
    <div className="ra-menu__page">
      <MenuEditorNav />
      <MenuGroupList />
    </div>
  );
}
