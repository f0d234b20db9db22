// `@x/agent-react/ag-ui`: `useAgentChat` over an AG-UI agent (README "AG-UI agents"). The same exports
// as `@x/agent-core/ag-ui`.
export { agUiTransport, agUiToChunks, type AgUiToChunks, type AgUiToChunksOptions, type AgUiTransportOptions } from '@x/agent-core/ag-ui';
