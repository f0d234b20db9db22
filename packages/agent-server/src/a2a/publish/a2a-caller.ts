import type { ServerCallContext, User } from '@a2a-js/sdk/server';
import type { AgentUser } from '../../config/tool-types.js';

/**
 * Who calls the A2A endpoint, as the SDK's call context carries it: `authenticate`'s user and the
 * user's id in the store (`storeUserId`). The SDK scopes its event buses by `userName`, our task
 * store scopes every read by `userId` (another user's task is not found).
 */
export class A2aCaller implements User {
  constructor(
    readonly user: AgentUser | undefined,
    readonly userId: string,
  ) {}
  get isAuthenticated(): boolean {
    return this.user !== undefined;
  }
  get userName(): string {
    return this.userId;
  }
}

/** The caller of an SDK call (our route always builds the context with an `A2aCaller`). */
export function callerOf(context: ServerCallContext): A2aCaller {
  const user = context.user;
  if (!(user instanceof A2aCaller)) throw new Error('The A2A call has no caller (it did not come through the A2A route).');
  return user;
}
