import { errorMidStream, flaky, longMarkdown, plainText, reasoning, slowParagraphs, slowStream } from './text-scenarios.js';
import { agenticTurn, approval, sharedState, subAgent, toolCall } from './tool-scenarios.js';
import { titleAndSuggestions } from './title-suggestions.js';
import { shippingAudit } from './activity-scenario.js';
import { bookTable } from './a2ui-scenario.js';
import type { Scenario } from './scenario.js';

export type { Scenario, ToolDefinition, HookDefinition } from './scenario.js';
export { LONG_MARKDOWN, PARAGRAPHS, PARAGRAPHS_GATE } from './text-scenarios.js';
export { SHARED_STATE_UPDATES, deletedRecords } from './tool-scenarios.js';
export { suggestionsHook, titleModel, titleModelFor, type SuggestionsFor } from './title-suggestions.js';
export { keywordTitle } from './keyword-title.js';
export { mcpEcho } from './mcp.js';
export { mcpApps } from './mcp-apps.js';
export { a2aBilling } from './a2a-billing.js';
export { seenToolOutput, type SeenToolOutput } from './tool-output.js';
export { BOOK_TABLE_ACTION, BOOK_TABLE_SURFACE, bookingForm } from './a2ui-scenario.js';

/** Every scenario that runs anywhere (browser or Node), by name. `mcpEcho(source)` adds the Node-only MCP one. */
export const scenarios = {
  plainText,
  // Before longMarkdown: "Book a table" (and the form's action text) must not read as "markdown with a table".
  bookTable,
  longMarkdown,
  reasoning,
  toolCall,
  approval,
  sharedState,
  subAgent,
  titleAndSuggestions,
  errorMidStream,
  flaky,
  slowStream,
  slowParagraphs,
  agenticTurn,
  shippingAudit,
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof scenarios;
export { createScenarioServer, scenarioFor, type ScenarioServerOptions } from './scenario-server.js';
