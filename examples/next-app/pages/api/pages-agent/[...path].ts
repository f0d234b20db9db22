import { createMockAgentServer } from '@x/mock-server';
import { toNextPagesHandler } from '@x/agent-server/next';

// The same server on the Pages Router: POST /api/pages-agent/{agentId}.
export const config = { api: { bodyParser: false } };

export default toNextPagesHandler(createMockAgentServer({ basePath: '/api/pages-agent' }));
