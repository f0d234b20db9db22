/**
 * The error a chat part throws when it has neither its props nor an `AgentChatProvider` above it:
 * a custom layout must fail loudly rather than render buttons that do nothing.
 */
export function missingProvider(part: string, alternative?: string): Error {
  return new Error(
    `${part} must be rendered inside <AgentChatProvider chat={…}> (or <AgentChat>)${alternative ? `, or be given ${alternative}` : ''}.`,
  );
}
