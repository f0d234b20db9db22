'use client';
import { MessageOutlined } from '@ant-design/icons';
import { Drawer, FloatButton } from 'antd';
import type { ReactNode } from 'react';
import type { AgentChatDrawerOptions } from './chat-drawer-options.js';
import { useAgentUIConfig } from '../config.js';

/** Props of {@link ChatDrawer}. */
export interface ChatDrawerProps {
  options: AgentChatDrawerOptions;
  /** Open state (owned by AgentChat, so a click on the trigger before this chunk arrived counts). */
  open: boolean;
  setOpen: (open: boolean) => void;
  children: ReactNode;
}

/**
 * AgentChat's `display="drawer"`: an antd Drawer (always rendered, so the transcript stays mounted
 * while closed) and a floating button that opens it. Its own chunk: inline chats never load it.
 */
export function ChatDrawer({ options, open, setOpen, children }: ChatDrawerProps) {
  const { strings, direction } = useAgentUIConfig();
  return (
    <>
      {options.trigger !== false && !open ? (
        <FloatButton icon={<MessageOutlined />} type="primary" aria-label={strings.openChat} tooltip={strings.openChat} onClick={() => setOpen(true)} />
      ) : null}
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        // An app's title (often the conversation's, which the user wrote) reads in its own direction.
        title={typeof options.title === 'string' ? <span dir="auto">{options.title}</span> : (options.title ?? strings.conversation)}
        // The end side of the page: right, left in a right-to-left one.
        placement={options.placement ?? (direction === 'rtl' ? 'left' : 'right')}
        size={options.width ?? 420}
        closable={{ 'aria-label': strings.closeChat }}
        styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
        forceRender
      >
        {children}
      </Drawer>
    </>
  );
}
