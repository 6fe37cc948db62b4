import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from '../../stores/app.ts';

/** Below 992px the sidebar is a drawer over the page, closed by its mask (SPEC 2 mobile mode). */
export default function MobileSidebar({
  open,
  onClose,
  label,
  background,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  background: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDEBAR_WIDTH}
      closable={false}
      title={null}
      aria-label={label}
      styles={{ body: { padding: 0, background } }}
    >
      {children}
    </Drawer>
  );
}
