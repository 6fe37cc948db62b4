import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_EDITOR_TABS } from '../menu-paths.ts';

/** Item library, categories, menu groups and modifier groups as one editor with tabs (links underneath). */
export function MenuEditorNav() {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = MENU_EDITOR_TABS.find((tab) => tab.path.toLowerCase() === pathname.toLowerCase())?.key ?? 'items';
  return (
    <Tabs
      className="ra-menu-nav"
      activeKey={active}
      onChange={(key) => {
        const tab = MENU_EDITOR_TABS.find((x) => x.key === key);
        if (tab) navigate(tab.path);
      }}
      items={MENU_EDITOR_TABS.map((tab) => ({ key: tab.key, label: t(`nav.${tab.key}`) }))}
    />
  );
}
