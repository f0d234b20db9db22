import type { UseAgentChatOptions } from '@x/agent-react';
import type { AgentChatPlugin } from './plugin.js';

/**
 * The options of `useAgentChat` that `plugins` need (the queue, resumable runs, live events), for a
 * chat composed from the parts: `useAgentChat({ ...options, ...pluginChatOptions(plugins) })`, with
 * the same `plugins` on its `AgentChatProvider`. Given plug-ins without the queue plug-in, the chat
 * has `queue: false` (a send while a reply streams is refused; the composer shows Stop); no
 * `plugins` at all changes nothing (as a provider without `plugins`: the hook's defaults, no queue).
 */
export function pluginChatOptions(plugins: readonly AgentChatPlugin[] | undefined): Pick<UseAgentChatOptions, 'queue' | 'resume' | 'live'> {
  if (!plugins) return {};
  const options: Pick<UseAgentChatOptions, 'queue' | 'resume' | 'live'> = { queue: false };
  for (const plugin of plugins ?? []) Object.assign(options, plugin.chatOptions);
  return options;
}
