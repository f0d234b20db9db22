import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';

/**
 * The real `@x/agent-server` serving every browser-safe mock scenario (one agent per scenario id),
 * answered inside msw: the stories' streams never come from hand-written SSE.
 */
export const scenarioServer = createScenarioServer({ scenarios: Object.values(scenarios), smartAgentId: false });

/** msw handlers for the stories' `parameters.msw`. */
export const scenarioHandlers = agentHandlers(scenarioServer);

/** A text no earlier run of the same page has sent (the flaky scenario fails once per text). */
export function uniqueText(base: string): string {
  return `${base} #${Math.random().toString(36).slice(2, 8)}`;
}
