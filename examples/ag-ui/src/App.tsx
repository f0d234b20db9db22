import { useSharedState } from '@x/agent-react';
import { agUiTransport } from '@x/agent-react/ag-ui';
import { AgentChat } from '@x/agent-ui';
import { queue } from '@x/agent-ui/plugins/queue';
import { Descriptions } from 'antd';
import { useState } from 'react';

// The send queue: a message sent while the agent answers waits above the composer and goes after it.
// No `resume()` or `live()`: the history lives in the page, and an AG-UI agent has no resumable runs.
const plugins = [queue()];

/** A Mastra agent (served over AG-UI by server.ts) behind the kit's AgentChat. */
export function App() {
  // The ticket the agent may change: only `status` is writable; `owner` it may only read.
  const ticket = useSharedState({ status: 'open', owner: 'ada' }, { writable: ['status'] });
  const [transport] = useState(() => agUiTransport({ url: '/api/ag-ui', sharedState: ticket.store }));
  return (
    // app.css: the ticket beside the chat, stacked above it below 600 px.
    <main className="ag-ui-layout">
      <section aria-label="Ticket" className="ag-ui-ticket">
        <Descriptions title="Ticket" size="small" column={{ xs: 2, sm: 1 }} items={[
          { key: 'status', label: 'Status', children: <span data-testid="ticket-status">{String(ticket.value.status)}</span> },
          { key: 'owner', label: 'Owner', children: <span data-testid="ticket-owner">{String(ticket.value.owner)}</span> },
        ]} />
      </section>
      <div className="ag-ui-chat">
        <AgentChat
          agentId="desk"
          height="100%"
          welcome={{ title: 'A Mastra agent over AG-UI', description: 'Try “Weather in Oslo?”, “Close the ticket” or “Delete record 7”.' }}
          chatOptions={{ transport, history: 'client' }}
          plugins={plugins}
        />
      </div>
    </main>
  );
}
