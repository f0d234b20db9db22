import type { SubAgentRef } from '../../config/tool-types.js';
import { resolveSubAgentRef } from '../../tools/sub-agent-tools.js';
import type { AgentRunPlace, ToolScope } from '../../tools/tool-scope.js';
import type { ToolEntry } from '../../tools/tool-entry.js';
import { remoteAgentEntry, type RemoteAgentRuntime } from './remote-agent-tool.js';

/** The tools of an agent's references to remote A2A agents (their cards read in parallel). */
export function remoteAgentEntries(refs: readonly SubAgentRef[], place: AgentRunPlace, scope: ToolScope, runtime: RemoteAgentRuntime = {}): Promise<ToolEntry[]> {
  return Promise.all(
    refs.map((ref) => {
      const { name, agentId } = resolveSubAgentRef(ref);
      const remote = scope.config.remoteAgents![agentId]!;
      const description = typeof ref !== 'string' && ref.description !== undefined ? ref.description : remote.description;
      return remoteAgentEntry(name, agentId, description === undefined ? remote : { ...remote, description }, place, scope, runtime);
    }),
  );
}
