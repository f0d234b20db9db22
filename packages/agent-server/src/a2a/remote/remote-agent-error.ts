/** Why a call to a remote A2A agent failed; the model and the UI see the message as the tool error. */
export type RemoteAgentErrorKind = 'card' | 'unreachable' | 'protocol' | 'too-large' | 'timeout' | 'failed' | 'rejected' | 'auth-required' | 'canceled' | 'no-answer';

/** A remote agent's call failed for a named cause (`kind`); the message says which agent and why. */
export class RemoteAgentError extends Error {
  constructor(
    readonly kind: RemoteAgentErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteAgentError';
  }
}
