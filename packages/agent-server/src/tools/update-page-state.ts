import { tool, type Tool } from 'ai';
import {
  sharedStateKind,
  isReservedKey,
  updatePageStateInputSchema,
  updatePageStateOutputSchema,
  UPDATE_PAGE_STATE_TOOL,
} from '@x/agent-protocol';
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
