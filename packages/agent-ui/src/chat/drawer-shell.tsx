'use client';
import { theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAgentUIConfig } from '../config.js';
import { lazyComponent } from '../lazy/lazy-component.js';
import { loadOnDemand } from '../lazy/load-on-demand.js';
import { OnDemandIcon } from '../lazy/on-demand.js';
import type { AgentChatDrawerOptions } from './agent-chat-types.js';
import type { ChatDrawerProps } from './chat-drawer.js';

/** The drawer and its floating button (`display="drawer"` only); a look-alike button meanwhile. */
const ChatDrawer = lazyComponent<ChatDrawerProps>(async () => (await loadOnDemand()).ChatDrawer, (props) => <DrawerTriggerPlaceholder {...props} />);

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
      <OnDemandIcon name="message" />
    </button>
  );
}

/**
 * The drawer's open state, owned here so that it survives the drawer's chunk arriving. Closing it
 * gives the focus back to what opened it (the floating button, or the app's own control).
 */
export function DrawerShell({ options = {}, children }: { options?: AgentChatDrawerOptions; children: ReactNode }) {
  const { strings } = useAgentUIConfig();
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
  // The element that had the focus when the drawer opened (derived while rendering the change).
  const [shown, setShown] = useState({ open, opener: null as Element | null });
  if (shown.open !== open) setShown({ open, opener: open ? (globalThis.document?.activeElement ?? null) : shown.opener });
  const opener = shown.opener;
  useEffect(() => {
    if (open || !opener) return;
    // The floating button is rendered anew when the drawer closes: find it if the opener is gone.
    const trigger = Array.from(document.querySelectorAll('button')).find((button) => button.getAttribute('aria-label') === strings.openChat);
    const target = opener.isConnected && opener !== document.body ? opener : trigger;
    if (target instanceof HTMLElement) target.focus();
  }, [open, opener, strings.openChat]);
  return (
    <ChatDrawer options={options} open={open} setOpen={setOpen}>
      {children}
    </ChatDrawer>
  );
}

/**
 * The chat in a drawer with a floating button to open it (`AgentChat`'s `display="drawer"`): open
 * and closed by itself or controlled (`open`, `onOpenChange`); closing gives the focus back to what
 * opened it. The drawer's code loads on demand; a look-alike button stands in meanwhile.
 */
export function AgentChatDrawer({ children, ...options }: AgentChatDrawerOptions & { children?: ReactNode }) {
  return <DrawerShell options={options}>{children}</DrawerShell>;
}
