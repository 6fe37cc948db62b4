import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';

/**
 * An icon button that opens a menu, with a tooltip naming it. The tooltip is hidden while the menu
 * is open: otherwise it stays over the first menu entry and swallows the click meant for it.
 */
export function MenuButton({ label, icon, menu }: { label: string; icon: ReactNode; menu: MenuProps }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown trigger={['click']} autoFocus menu={menu} onOpenChange={setMenuOpen}>
      <Tooltip title={label} open={menuOpen ? false : undefined}>
        <Button type="text" icon={icon} aria-label={label} aria-haspopup="menu" aria-expanded={menuOpen} />
      </Tooltip>
    </Dropdown>
  );
}
