import { ConfigError, type ConfigIssue } from './config-error.js';
import type { AgentServerConfig, Logger } from './types.js';

/** Checks the whole config once, at startup, and throws one ConfigError listing every problem. */
export function validateConfig(config: AgentServerConfig, _logger: Logger): void {
  const issues: ConfigIssue[] = [];
  if (typeof config !== 'object' || config === null) {
    throw new ConfigError([{ path: '(root)', message: 'config must be an object' }]);
  }
  if (typeof config.agents !== 'object' || config.agents === null || Object.keys(config.agents).length === 0) {
    issues.push({ path: 'agents', message: 'at least one agent is required' });
  }
  for (const [id, agent] of Object.entries(config.agents ?? {})) {
    const at = `agents.${id}`;
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(id)) issues.push({ path: at, message: `"${id}" is not a valid agent id` });
    if (agent?.model === undefined || agent.model === null) issues.push({ path: `${at}.model`, message: 'model is required' });
    if (agent?.maxSteps !== undefined && (!Number.isInteger(agent.maxSteps) || agent.maxSteps < 1)) {
      issues.push({ path: `${at}.maxSteps`, message: 'must be a positive integer' });
    }
  }
  if (config.basePath !== undefined && !/^\/[\w./-]*$/.test(config.basePath)) {
    issues.push({ path: 'basePath', message: 'must start with "/"' });
  }
  const maxBody = config.limits?.maxBodyBytes;
  if (maxBody !== undefined && (!Number.isInteger(maxBody) || maxBody <= 0)) {
    issues.push({ path: 'limits.maxBodyBytes', message: 'must be a positive integer' });
  }
  if (issues.length > 0) throw new ConfigError(issues);
}
