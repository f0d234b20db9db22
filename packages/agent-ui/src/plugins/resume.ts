import { resumeRuns } from '@x/agent-react/resume';
import type { AgentChatPlugin } from './plugin.js';

const RESUME: AgentChatPlugin = { name: 'resume', chatOptions: { resume: resumeRuns } };

/**
 * Resumable runs (README "Plug-ins"; `useAgentChat`'s `resume: resumeRuns`): with a server that
 * keeps a run log, a reply keeps running when the connection drops or the page reloads, and the chat
 * attaches to it again ("Reconnecting…" meanwhile).
 */
export function resume(): AgentChatPlugin {
  return RESUME;
}
