import { FieldTimeOutlined } from '@ant-design/icons';
import { AgentTimeline } from '@x/agent-ui/timeline';
import { Button, Drawer } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * The Activity view: a header button that opens a drawer with the timeline of the open
 * conversation's last run (steps, tool calls, sub-agent runs, tokens), following it live.
 */
export function ActivityDrawer({ conversationId, compact }: { conversationId: string; compact: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Closed: the focus goes back to the button. The drawer's own restore can lose it to <body> (its
  // content goes while it closes), so check until the closing animation is over.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timers = [0, 150, 400, 800].map((ms) =>
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body || active.closest('.ant-drawer')) opener.current?.focus();
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [open]);
  return (
    <>
      <Button ref={opener} icon={<FieldTimeOutlined aria-hidden />} aria-haspopup="dialog" aria-expanded={open} aria-label={compact ? 'Activity' : undefined} onClick={() => setOpen(true)}>
        {compact ? null : 'Activity'}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        afterOpenChange={(isOpen) => {
          if (!isOpen) opener.current?.focus();
        }}
        title="Activity of the last run"
        placement="right"
        size="min(560px, 100vw)"
        destroyOnHidden
        closable={{ 'aria-label': 'Close activity' }}
        styles={{ body: { padding: 12 } }}
      >
        {open ? <AgentTimeline api="/api/agent" conversationId={conversationId} intervalMs={400} /> : null}
      </Drawer>
    </>
  );
}
