import { resolveSubAgentRef } from '../tools/sub-agent-tools.js';
import { resolveToolRef } from '../tools/function-tools.js';
import { agentProvider } from '../providers/resolve-agent-model.js';
import { PROVIDER_OPTION_NAMESPACES } from './provider-options.js';
import type { ConfigIssue } from './config-error.js';
import { isHttpToolConfig } from './http-tool-types.js';
import type { AgentServerConfig } from './types.js';

/**
 * What is allowed but probably not meant (of a valid config): an agent used as a sub-agent whose
 * tools need approval (approval is not available there: those calls are denied), approval tools
 * without an `approvalSecret` (unsigned approvals), and a `providerOptions` namespace the agent's
 * provider does not read (`openai` options on an anthropic connection; the gateway passes the
 * namespace of the provider it routes to, so it reads them all).
 */
export function configWarnings(config: AgentServerConfig): ConfigIssue[] {
  const warnings: ConfigIssue[] = [];
  const subAgentIds = new Set(Object.values(config.agents).flatMap((a) => (a.agents ?? []).map((r) => resolveSubAgentRef(r).agentId)));
  for (const id of subAgentIds) {
    const agent = config.agents[id];
    if (!agent) continue; // a remote A2A agent (`remoteAgents`): its tools are its own
    const confirmTools = (agent.tools ?? [])
      .map(resolveToolRef)
      .filter((r) => r.confirm ?? config.tools?.[r.toolName]?.confirm)
      .map((r) => r.name);
    const confirmMcp = (agent.mcp ?? []).filter((s) => s.confirm).length;
    if (confirmTools.length > 0 || confirmMcp > 0) {
      const what = [confirmTools.length > 0 ? `tools ${confirmTools.map((n) => `"${n}"`).join(', ')}` : '', confirmMcp > 0 ? `${confirmMcp} MCP server(s)` : '']
        .filter(Boolean)
        .join(' and ');
      warnings.push({
        path: `agents.${id}`,
        message: `agent "${id}" is used as a sub-agent but its ${what} need approval, which is not available inside a sub-agent: those calls are denied there`,
      });
    }
  }
  const approvalAgents = Object.entries(config.agents).filter(
    ([, a]) => (a.tools ?? []).map(resolveToolRef).some((r) => r.confirm ?? config.tools?.[r.toolName]?.confirm) || (a.mcp ?? []).some((s) => s.confirm),
  );
  const askingPolicies = (config.policies ?? []).some((p) => p.before === 'require-approval' || typeof p.before === 'function');
  if (askingPolicies && approvalAgents.length === 0 && !config.approvalSecret) {
    warnings.push({
      path: 'approvalSecret',
      message: 'policies may require approval, but approvals are not signed: set approvalSecret so a client cannot forge an approved call',
    });
  }
  if (approvalAgents.length > 0 && !config.approvalSecret) {
    warnings.push({
      path: 'approvalSecret',
      message: `agents ${approvalAgents.map(([id]) => `"${id}"`).join(', ')} have tools that need approval, but approvals are not signed: set approvalSecret so a client cannot forge an approved call`,
    });
  }
  for (const [id, agent] of Object.entries(config.agents)) {
    const provider = agentProvider(config, agent);
    if (provider === undefined || provider === 'gateway' || provider === 'custom') continue;
    for (const namespace of PROVIDER_OPTION_NAMESPACES) {
      if (namespace !== provider && agent.providerOptions?.[namespace] !== undefined) {
        warnings.push({ path: `agents.${id}.providerOptions.${namespace}`, message: `is ignored: this agent's provider is ${provider}, which reads providerOptions.${provider}` });
      }
    }
  }
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  for (const [name, tool] of Object.entries(config.tools ?? {})) {
    if (!isHttpToolConfig(tool)) continue;
    for (const [header, value] of Object.entries(tool.http.headers ?? {})) {
      for (const [, variable] of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
        if (env[variable!] === undefined) {
          warnings.push({ path: `tools.${name}.http.headers.${header}`, message: `uses \${${variable}}, which is not set: calls of "${name}" fail until it is` });
        }
      }
    }
  }
  return warnings;
}
