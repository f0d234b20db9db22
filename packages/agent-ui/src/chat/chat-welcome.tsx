'use client';
import { useAgentUIConfig } from '../config.js';
import type { AgentChatWelcome } from './agent-chat-types.js';
import { useChatContext } from './chat-context.js';
import { PromptList } from './prompt-list.js';
import { WelcomeHeader } from './welcome-header.js';

/**
 * The welcome screen of an empty transcript: a header (icon, title, description) and prompts that
 * send on click (props: `AgentChatWelcome`). `AgentChat` passes it as `AgentMessageList`'s `empty`. Needs an `AgentChatProvider`.
 */
export function AgentWelcome(welcome: AgentChatWelcome) {
  const { sendPrompt } = useChatContext('AgentWelcome');
  const { strings } = useAgentUIConfig();
  return (
    <div data-xagent-welcome="" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {welcome.title || welcome.description || welcome.icon ? (
        <WelcomeHeader icon={welcome.icon} title={welcome.title} description={welcome.description} headingLevel={welcome.headingLevel} />
      ) : null}
      {welcome.prompts?.length ? <PromptList items={welcome.prompts} onSelect={sendPrompt} label={strings.suggestions} vertical /> : null}
    </div>
  );
}
