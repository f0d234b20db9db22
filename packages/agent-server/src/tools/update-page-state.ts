import { tool, type Tool, type ToolCallRepairFunction, type ToolSet } from 'ai';
import {
  UPDATE_PAGE_STATE_TOOL,
} from '@x/agent-protocol';
import {
  withoutReservedKeys,
  sharedStateKind,
  isReservedKey,
  updatePageStateInputSchema,
  updatePageStateOutputSchema,
} from '@x/agent-protocol/validation';
import type { ToolEntry } from './tool-entry.js';

/**
 * The `update-page-state` client tool, offered only when the request's `sharedState` is a non-empty
 * object. It has no `execute`: the browser applies the updates (only to the exposed keys) and
 * answers `{ ok: true, written, ignored? }`.
 */
export function updatePageStateEntry(sharedState: Record<string, unknown> | undefined): ToolEntry | undefined {
  if (!sharedState) return undefined;
  const keys = Object.keys(sharedState).filter((key) => !isReservedKey(key));
  if (keys.length === 0) return undefined;
  return { name: UPDATE_PAGE_STATE_TOOL, tool: updatePageStateTool(sharedState, keys), confirm: false, source: 'page-state' };
}

function updatePageStateTool(sharedState: Record<string, unknown>, keys: string[]): Tool {
  const listing = keys.map((key) => `- ${key} (${sharedStateKind(sharedState[key])})`).join('\n');
  return tool({
    description:
      'Propose changes to the state of the page the user is on. Pass `{ "updates": { key: newValue } }` with only ' +
      'the keys to change; each value must keep the kind listed. The page answers which keys it wrote and which it ' +
      `ignored. Keys you may update:\n${listing}`,
    inputSchema: updatePageStateInputSchema,
    outputSchema: updatePageStateOutputSchema,
  }) as Tool;
}

/**
 * The AI SDK's `repairToolCall` for `update-page-state`: the SDK's JSON parser refuses a whole input
 * whose keys include `__proto__` / `constructor` / `prototype` (with an error that echoes the raw
 * input into the tool card). Such an input is re-read safely, the reserved keys are removed at any
 * depth and listed in `ignored` (the page reports them), and the rest goes on to the page as usual.
 * Any other failure (not JSON, another tool) is left to the SDK.
 */
export const repairPageStateInput: ToolCallRepairFunction<ToolSet> = async ({ toolCall }) => {
  if (toolCall.toolName !== UPDATE_PAGE_STATE_TOOL) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(toolCall.input); // own "__proto__" keys stay plain keys here
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const updates = (parsed as { updates?: unknown }).updates;
  if (typeof updates !== 'object' || updates === null || Array.isArray(updates)) return null;
  const clean = withoutReservedKeys(updates);
  const topLevel = Object.keys(parsed).filter(isReservedKey);
  const ignored = [...topLevel, ...clean.removed];
  if (ignored.length === 0) return null; // not the hostile-keys failure: keep the SDK's error
  return { ...toolCall, input: JSON.stringify({ updates: clean.value, ignored }) };
};
