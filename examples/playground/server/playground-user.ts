import type { AgentUser } from '@x/agent-server';

/** The cookie that names the playground's user (no sign-in here): absent, every visitor is `anonymous`. */
export const PLAYGROUND_USER_COOKIE = 'playground-user';

/**
 * The playground's `authenticate`: the user the `playground-user` cookie names, else `anonymous` (as
 * a server without `authenticate` does). Two browsers with different cookies are two users — each
 * sees only their own conversations and live events (the e2e's second user).
 */
export function playgroundUser(request: Request): AgentUser {
  const cookies = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${PLAYGROUND_USER_COOKIE}=([A-Za-z0-9_-]{1,64})(?:;|$)`).exec(cookies);
  return { id: match?.[1] ?? 'anonymous' };
}
