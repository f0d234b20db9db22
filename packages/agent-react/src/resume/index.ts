/**
 * `@x/agent-react/resume`: re-attaching to runs the server keeps going, as a separate import
 * (`useAgentChat({ resume: resumeRuns })`). See the package README, "Resumable runs".
 */
export { resumeRuns } from './resume-runs.js';
export type { ResumeRuns } from '../core/types.js';
