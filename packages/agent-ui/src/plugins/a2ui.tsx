'use client';
import { A2UI_ACTION_PART, A2UI_PART, isA2UIPart, isA2UIToolOutput } from '@x/agent-protocol/a2ui';
import { A2UIActionSummary, A2UIChatSurface, A2UIToolSurfaces } from '../lazy/a2ui-parts.js';
import type { AgentChatPlugin } from './plugin.js';

const name = (type: string) => type.slice('data-'.length);

const A2UI: AgentChatPlugin = {
  name: 'a2ui',
  parts: {
    toolResult: (call, messageId) =>
      call.state === 'output-available' && isA2UIToolOutput(call.output) ? <A2UIToolSurfaces output={call.output} messageId={messageId} /> : undefined,
    ownCard: (part) => isA2UIToolOutput((part as { output?: unknown }).output),
    dataParts: {
      [name(A2UI_PART)]: (data, message) => {
        const part = { type: A2UI_PART, data };
        return isA2UIPart(part) ? <A2UIChatSurface data={part.data} messageId={message.id} /> : undefined;
      },
      [name(A2UI_ACTION_PART)]: (data) => <A2UIActionSummary data={data} />,
    },
  },
};

/**
 * A2UI surfaces (README "Plug-ins", "A2UI"): a `data-a2ui` part, or a tool result from
 * `a2uiSurface()` on the server, renders as the agent's UI (forms, cards, lists from a safe catalog),
 * whose actions send the next turn. Without it those parts show as data. Their code loads when the
 * first surface appears.
 */
export function a2ui(): AgentChatPlugin {
  return A2UI;
}
