import type { ReactNode } from 'react';

/** Drawer display settings. */
export interface AgentChatDrawerOptions {
  /** Controlled open state. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: ReactNode;
  /** Drawer width (default 420). */
  width?: number | string;
  placement?: 'left' | 'right';
  /** Show a floating button that opens the drawer (default true). */
  trigger?: boolean;
}
