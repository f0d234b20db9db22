import { Button, Drawer } from 'antd';
import { useRef, type ReactNode } from 'react';

/**
 * A side panel of the playground on a phone: a header button that opens an antd Drawer; closing
 * the drawer gives the focus back to that button.
 */
export function PanelDrawer({
  label,
  icon,
  placement,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  icon: ReactNode;
  placement: 'left' | 'right';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} icon={icon} aria-label={label} aria-expanded={open} aria-haspopup="dialog" onClick={() => onOpenChange(true)} />
      <Drawer
        open={open}
        onClose={() => onOpenChange(false)}
        afterOpenChange={(isOpen) => {
          if (!isOpen) opener.current?.focus();
        }}
        title={label}
        placement={placement}
        size="min(360px, 88vw)"
        closable={{ 'aria-label': `Close ${label.toLowerCase()}` }}
        styles={{ body: { padding: 12 } }}
      >
        {children}
      </Drawer>
    </>
  );
}
