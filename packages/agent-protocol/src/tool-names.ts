/** Platform tool names: the kit's own tools. No function tool or sub-agent may take these names. */
export const UPDATE_PAGE_STATE_TOOL = 'update-page-state' as const;
export const FILE_TOOL_NAMES = ['read-file', 'list-files', 'search-files', 'stat-file'] as const;
export type FileToolName = (typeof FILE_TOOL_NAMES)[number];

export const RESERVED_TOOL_NAMES: readonly string[] = [UPDATE_PAGE_STATE_TOOL, ...FILE_TOOL_NAMES];

/** Keys that are never usable as tool names or shared-state keys (prototype pollution). */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** What the model providers accept as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export function isReservedToolName(name: string): boolean {
  return RESERVED_TOOL_NAMES.includes(name);
}

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.includes(key);
}

/** Why `name` cannot be a tool name, or `undefined` when it can. */
export function toolNameProblem(name: string): string | undefined {
  if (isReservedKey(name)) return `"${name}" is a reserved key and can never be a tool name`;
  if (!TOOL_NAME_PATTERN.test(name)) return `"${name}" is not a valid tool name (expected ${TOOL_NAME_PATTERN.source})`;
  if (isReservedToolName(name)) return `"${name}" is a reserved platform tool name`;
  return undefined;
}
