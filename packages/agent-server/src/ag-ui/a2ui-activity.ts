import { EventType, type AGUIEvent } from '@ag-ui/core';
import { A2UI_ACTIVITY_TYPE, A2UI_OPERATIONS_KEY, a2uiSurfacesOf } from '@x/agent-protocol/a2ui';

/**
 * A2UI messages as AG-UI `ACTIVITY_SNAPSHOT` events, one per surface, exactly as
 * `@ag-ui/a2ui-middleware` emits them: activity type `a2ui-surface`, content
 * `{ a2ui_operations: [...] }`, message id `a2ui-surface-{toolCallId}` (or
 * `a2ui-surface-{surfaceId}-{toolCallId}` when one result has several surfaces, `a2ui-surface-{surfaceId}`
 * without a tool call), `replace: true`.
 */
export function a2uiActivities(messages: readonly unknown[], toolCallId: string | undefined): AGUIEvent[] {
  const surfaces = a2uiSurfacesOf(messages);
  return surfaces.map(({ surfaceId, messages: operations }) => ({
    type: EventType.ACTIVITY_SNAPSHOT,
    messageId: toolCallId ? (surfaces.length === 1 ? `a2ui-surface-${toolCallId}` : `a2ui-surface-${surfaceId}-${toolCallId}`) : `a2ui-surface-${surfaceId}`,
    activityType: A2UI_ACTIVITY_TYPE,
    content: { [A2UI_OPERATIONS_KEY]: operations },
    replace: true,
  }));
}
