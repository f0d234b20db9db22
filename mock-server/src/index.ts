export { chunkText, type PacedStep, type Script, type ScriptAction, type ScriptContext, type ScriptStep } from './script.js';
export { scriptedModel, scriptContext } from './scripted-model.js';
export { echoScenario, errorMidStreamScenario, plainTextScenario } from './echo-script.js';
export { createMockAgentServer, type MockAgentServerOptions } from './mock-agent-server.js';
export { inProcessFetch } from './in-process-fetch.js';
export { DEFAULT_MOCK_TRANSCRIPT, mockTranscriptionModel, type MockTranscript } from './transcription-model.js';
export * from './scenarios/index.js';
