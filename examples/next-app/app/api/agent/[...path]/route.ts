import { toNextRouteHandlers } from '@x/agent-server/next';
import { agentServer } from '@/lib/agent-server';

// POST /api/agent/{agentId} streams the agent's reply; other methods answer 405 JSON.
export const { POST, GET } = toNextRouteHandlers(agentServer);

// Streams must not be cached or pre-rendered.
export const dynamic = 'force-dynamic';
