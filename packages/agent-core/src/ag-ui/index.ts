// `@x/agent-core/ag-ui`: a chat over an AG-UI agent (`@ag-ui/client`, an optional peer dependency).
export { agUiTransport, type AgUiTransportOptions } from './ag-ui-transport.js';
export { agUiToChunks, type AgUiToChunks, type AgUiToChunksOptions } from './ag-ui-to-chunks.js';
