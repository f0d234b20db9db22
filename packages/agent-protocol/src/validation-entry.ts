/**
 * `@x/agent-protocol/validation`: the rules the server checks a request against, for a client or a
 * custom server that validates the same way — the zod schemas of the body and its parts, the id and
 * tool-name rules, the reserved keys of shared state, and `formatIssues` (a zod error as the
 * `issues` of an error body).
 */
export {
  MAX_APPROVAL_REASON_LENGTH,
  answeredApprovalSchema,
  approvalAnswerPayloadSchema,
  type AnsweredApprovalFields,
  type ApprovalAnswerPayload,
} from './approval-answer.js';
export { remoteAgentAnswerSchema } from './remote-agent-schemas.js';
export { ID_PATTERN, MAX_ID_LENGTH, idProblem, isValidId } from './ids.js';
export { RESERVED_KEYS, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN, isReservedKey, isReservedToolName, toolNameProblem } from './tool-names.js';
export { refusedKeys, sharedStateKind, withoutReservedKeys, type SharedStateKind } from './page-state.js';
export { agentDataPartSchemas, chatTitleDataSchema, compactionDataSchema, suggestionsDataSchema } from './data-part-schemas.js';
export { updatePageStateInputSchema, updatePageStateOutputSchema } from './page-state-schemas.js';
export {
  agentRequestBodySchema,
  formatIssues,
  idSchema,
  replaceQueueBodySchema,
  sharedStateSchema,
  switchBranchBodySchema,
  uiMessagePartSchema,
  uiMessageSchema,
  urlQuerySchema,
} from './request-body.js';
