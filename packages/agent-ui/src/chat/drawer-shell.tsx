'use client';
import { MessageOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import type { AgentChatDrawerOptions } from './agent-chat-types.js';
import type { ChatDrawerProps } from './chat-drawer.js';

/** The drawer and its floating button (`display="drawer"` only); a look-alike button meanwhile. */
const ChatDrawer = lazyComponent<ChatDrawerProps>(async () => (await import('./chat-drawer.js')).ChatDrawer, (props) => <DrawerTriggerPlaceholder {...props} />);

/**
 * The floating button before the drawer's code is there: antd FloatButton's place, size and colours,
 * the same name; a click opens the drawer as soon as it arrives.
 */
function DrawerTriggerPlaceholder({ options, open, setOpen }: ChatDrawerProps) {
  const { strings } = useAgentUIConfig();
  const { token } = theme.useToken();
  if (options.trigger === false || open) return null;
  return (
    <button
      type="button"
      aria-label={strings.openChat}
      onClick={() => setOpen(true)}
      style={{
        position: 'fixed',
        zIndex: token.zIndexPopupBase,
        insetInlineEnd: token.marginLG,
        bottom: token.marginXXL,
        width: token.controlHeightLG,
        height: token.controlHeightLG,
        borderRadius: '50%',
        border: 'none',
        padding: 0,
        cursor: 'pointer',
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
        boxShadow: token.boxShadowSecondary,
        fontSize: token.fontSizeIcon * 1.5,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <MessageOutlined />
    </button>
  );
}

/** The drawer's open state, owned here so that it survives the drawer's chunk arriving. */
export function DrawerShell({ options = {}, children }: { options?: AgentChatDrawerOptions; children: ReactNode }) {
  const [ownOpen, setOwnOpen] = useState(options.defaultOpen ?? false);
  const open = options.open ?? ownOpen;
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });
  const setOpen = useCallback((next: boolean) => {
    if (latestOptions.current.open === undefined) setOwnOpen(next);
    latestOptions.current.onOpenChange?.(next);
  }, []);
  return (
    <ChatDrawer options={options} open={open} setOpen={setOpen}>
      {children}
    </ChatDrawer>
  );
}

