/** Default route prefix: `POST {basePath}/{agentId}`. */
export const DEFAULT_BASE_PATH = '/api/agent';
