import type { UseAgentChatOptions } from '@x/agent-react';
import type { AgentChatPlugin } from './plugin.js';

/**
 * The options of `useAgentChat` that `plugins` need (the queue, resumable runs, live events), for a
 * chat composed from the parts: `useAgentChat({ ...options, ...pluginChatOptions(plugins) })`. A
 * chat without the queue plug-in has `queue: false` (a send while a reply streams is refused).
 */
export function pluginChatOptions(plugins: readonly AgentChatPlugin[] | undefined): Pick<UseAgentChatOptions, 'queue' | 'resume' | 'live'> {
  const options: Pick<UseAgentChatOptions, 'queue' | 'resume' | 'live'> = { queue: false };
  for (const plugin of plugins ?? []) Object.assign(options, plugin.chatOptions);
  return options;
}
