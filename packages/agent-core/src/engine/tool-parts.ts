import type { DynamicToolUIPart, ToolUIPart, UIDataTypes, UIMessagePart, UITools } from 'ai';

/**
 * Tool part helpers: the AI SDK's (ai 7.0.173) `isStaticToolUIPart`, `isToolUIPart`,
 * `getStaticToolName` and `getToolName`, same semantics and type signatures, without its runtime.
 */

/**
 * Whether a part is a static tool part: its type is `tool-{name}` (a tool known at development
 * time).
 */
export function isStaticToolUIPart<TOOLS extends UITools>(part: UIMessagePart<UIDataTypes, TOOLS>): part is ToolUIPart<TOOLS> {
  return part.type.startsWith('tool-');
}

/** Whether a part is a dynamic tool part (type `dynamic-tool`: a tool whose types are unknown). */
export function isDynamicToolUIPart(part: UIMessagePart<UIDataTypes, UITools>): part is DynamicToolUIPart {
  return part.type === 'dynamic-tool';
}

/** Whether a part is a tool part, static or dynamic. */
export function isToolUIPart<TOOLS extends UITools>(part: UIMessagePart<UIDataTypes, TOOLS>): part is ToolUIPart<TOOLS> | DynamicToolUIPart {
  return isStaticToolUIPart(part) || isDynamicToolUIPart(part);
}

/** The name of a static tool part's tool: its type without the `tool-` prefix (one of the tool set's keys). */
export function getStaticToolName<TOOLS extends UITools>(part: ToolUIPart<TOOLS>): keyof TOOLS {
  return part.type.split('-').slice(1).join('-') as keyof TOOLS;
}

/** The tool name of a tool part, static or dynamic (not narrowed to the tool set's keys: see {@link getStaticToolName}). */
export function getToolName(part: ToolUIPart<UITools> | DynamicToolUIPart): string {
  return isDynamicToolUIPart(part) ? part.toolName : getStaticToolName(part);
}
