/** Ours: the kit's `AgentChat` (headless hooks + components), consumed through its dist. */
import { AgentChat } from '@x/agent-ui';
import type { AgentUIMessage } from '@x/agent-protocol';
import { mountContender } from '../shared/mount.tsx';
import '../shared/page.css';

mountContender((history) => <AgentChat agentId="bench" api="/api/agent" messages={history as AgentUIMessage[]} height="100%" />);
