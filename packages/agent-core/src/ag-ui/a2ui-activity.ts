import type { UIMessageChunk } from 'ai';
import { A2UI_ACTIVITY_TYPE, A2UI_OPERATIONS_KEY, A2UI_PART, a2uiSurfacesOf, isA2UIToolOutput } from '@x/agent-protocol/a2ui';

/** Maps `@ag-ui/a2ui-middleware`'s A2UI activities of one run to `data-a2ui` parts. */
export interface A2UIActivityChunks {
  /** A tool result: surfaces it carries already show with the tool part (their activities are skipped). */
  noteToolOutput(output: unknown): void;
  /** The chunks of an `ACTIVITY_SNAPSHOT` (none for other activity types). */
  map(event: Record<string, unknown>): UIMessageChunk[];
}

/**
 * An `a2ui-surface` activity (`content: { a2ui_operations }`) becomes one `data-a2ui` part per
 * surface, with the surface id as part id, so a later snapshot replaces it in place. A surface that
 * a tool result of the run already carries is not shown twice.
 */
export function a2uiActivityChunks(): A2UIActivityChunks {
  const fromToolResults = new Set<string>();
  return {
    noteToolOutput(output) {
      if (!isA2UIToolOutput(output)) return;
      for (const surface of a2uiSurfacesOf(output[A2UI_OPERATIONS_KEY])) fromToolResults.add(surface.surfaceId);
    },
    map(event) {
      if (event.activityType !== A2UI_ACTIVITY_TYPE) return [];
      const content = event.content;
      const operations = typeof content === 'object' && content !== null ? (content as Record<string, unknown>)[A2UI_OPERATIONS_KEY] : undefined;
      if (!Array.isArray(operations)) return [];
      return a2uiSurfacesOf(operations)
        .filter((surface) => !fromToolResults.has(surface.surfaceId))
        .map((surface) => ({ type: A2UI_PART, id: surface.surfaceId, data: surface }));
    },
  };
}
