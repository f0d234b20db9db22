/**
 * `@x/agent-react/resume`: re-attaching to runs the server keeps going, as a separate import
 * (`useAgentChat({ resume: resumeRuns })`). See the package README, "Resumable runs". The same
 * exports as `@x/agent-core/resume`.
 */
export { resumeRuns, type ResumeRuns } from '@x/agent-core/resume';
