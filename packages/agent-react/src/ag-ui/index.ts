export { agUiTransport, type AgUiTransportOptions } from './ag-ui-transport.js';
export { agUiToChunks, type AgUiToChunks, type AgUiToChunksOptions } from './ag-ui-to-chunks.js';
