import type { ReactNode } from 'react';

/** Drawer display settings. */
export interface AgentChatDrawerOptions {
  /** Controlled open state. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The drawer's title (a string reads in its own direction: `dir="auto"`). */
  title?: ReactNode;
  /** Drawer width (default 420). */
  width?: number | string;
  /** Side of the page (default: the end side — right, left in a right-to-left chat). */
  placement?: 'left' | 'right';
  /** Show a floating button that opens the drawer (default true). */
  trigger?: boolean;
}
