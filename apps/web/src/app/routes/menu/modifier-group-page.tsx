import { MenuEditorNav } from '../../../features/menu/components/menu-editor-nav.tsx';
import { ModifierGroupList } from '../../../features/menu/components/modifier-group-list.tsx';

/** /modifiergroup (SPEC 2, hidden; title "Modifier group"): modifier groups under the editor's tabs. */
export default function ModifierGroupPage() {
  return (
    <div className="ra-menu__page">
      <MenuEditorNav />
      <ModifierGroupList />
    </div>
  );
}
