import type { UIMessageChunk } from 'ai';
import { EventSchemas } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { a2uiSurface, a2uiSurfacePart } from '../a2ui/a2ui-surface.js';
import { turnToAgUi } from './turn-to-ag-ui.js';

const surface = (surfaceId: string) => ({ surfaceId, components: [{ id: 'root', component: 'Text', text: surfaceId }] });

const run = (chunks: UIMessageChunk[]) => {
  const mapping = turnToAgUi({ threadId: 'conv-1', runId: 'run-1', state: undefined });
  const events = [...chunks.flatMap((c) => mapping.map(c)), ...mapping.end()];
  for (const event of events) expect(EventSchemas.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT');
};

describe('A2UI on the AG-UI route', () => {
  it('sends a data-a2ui part (e.g. from a hook) as an activity keyed by its surface', () => {
    const part = a2uiSurfacePart(surface('card'));
    expect(run([{ type: 'start' }, part as UIMessageChunk, { type: 'finish' }] as UIMessageChunk[])).toEqual([
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-surface-card', activityType: 'a2ui-surface', content: { a2ui_operations: part.data.messages }, replace: true },
    ]);
  });

  it('sends one activity per surface of a tool result, and none for other results or malformed parts', () => {
    const two = { a2ui_operations: [...a2uiSurface(surface('a')).a2ui_operations, ...a2uiSurface(surface('b')).a2ui_operations] };
    const events = run([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'show', input: {} },
      { type: 'tool-output-available', toolCallId: 'c1', output: two },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'weather', input: {} },
      { type: 'tool-output-available', toolCallId: 'c2', output: { tempC: 3 } },
      { type: 'data-a2ui', data: { messages: 'not a list' } },
      { type: 'finish' },
    ] as UIMessageChunk[]);
    expect(events.map((e) => (e as { messageId: string }).messageId)).toEqual(['a2ui-surface-a-c1', 'a2ui-surface-b-c1']);
  });
});
