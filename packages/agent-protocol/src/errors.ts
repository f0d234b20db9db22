/** HTTP status of every error code the route answers with. */
export const AGENT_ERROR_STATUS = {
  bad_json: 400,
  invalid_cursor: 400,
  invalid_title: 400,
  invalid_body: 400,
  invalid_messages: 400,
  invalid_id: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A state-changing request sent from another site (its `Origin` / `Sec-Fetch-Site` is not allowed). */
  cross_site_request: 403,
  tool_denied: 403,
  approval_required: 403,
  not_found: 404,
  run_not_found: 404,
  unknown_agent: 404,
  unknown_tool: 404,
  conversation_not_found: 404,
  message_not_found: 404,
  file_not_found: 404,
  method_not_allowed: 405,
  conversation_conflict: 409,
  history_mismatch: 409,
  approval_not_pending: 409,
  run_not_paused: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  store_required: 501,
  transcription_unavailable: 501,
  transcription_failed: 502,
  mcp_app_unavailable: 502,
  store_unavailable: 503,
  run_log_unavailable: 503,
  /**
   * A resume of a run the store has running that the run log does not hold yet (within the grace
   * after the run's start): answered with `Retry-After`; the client re-attaches again.
   */
  run_not_ready: 503,
} as const;

export type AgentErrorCode = keyof typeof AGENT_ERROR_STATUS;

export interface AgentErrorIssue {
  path: string;
  message: string;
}

/** Body of every non-stream answer: `{ error: { code, message, issues? } }`. */
export interface AgentErrorBody {
  error: {
    code: AgentErrorCode;
    message: string;
    issues?: AgentErrorIssue[];
  };
}

export function isAgentErrorBody(value: unknown): value is AgentErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
