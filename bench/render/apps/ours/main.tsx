/** Ours: the kit's `AgentChat` (headless hooks + components), consumed through its dist. */
import { AgentChat } from '@x/agent-ui';
import type { AgentUIMessage } from '@x/agent-react';
import { createRoot } from 'react-dom/client';
import { loadHistory } from '../shared/history.ts';
import '../shared/page.css';

void loadHistory().then((history) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <AgentChat agentId="bench" api="/api/agent" messages={history as AgentUIMessage[]} height="100%" />,
  );
});
