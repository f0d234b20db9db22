/**
 * `@x/agent-core/resume`: re-attaching to runs the server keeps going, as a separate import
 * (`createAgentChat({ resume: resumeRuns })`). See `@x/agent-react`'s README, "Resumable runs".
 */
export { resumeRuns } from './resume-runs.js';
export type { ResumeRuns } from '../types.js';
