/** One problem of a config, with where it is (`agents.support.tools[1]`). */
export interface ConfigIssue {
  path: string;
  message: string;
}

/** Thrown by `createAgentServer` for an invalid config: every problem at once, each with its path. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    super(
      `Invalid agent server config (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n` +
        issues.map((i) => `  - ${i.path}: ${i.message}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}
