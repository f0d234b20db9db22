'use client';
import { useAgentUIConfig } from '../config.js';
import type { AgentChatWelcome } from './agent-chat-types.js';
import { useChatContext } from './chat-context.js';
import { PromptList } from './prompt-list.js';
import { WelcomeHeader } from './welcome-header.js';

/** The welcome screen of an empty transcript: header and prompts that send on click. */
export function ChatWelcome({ welcome }: { welcome: AgentChatWelcome | undefined }) {
  const { sendPrompt } = useChatContext('ChatWelcome');
  const { strings } = useAgentUIConfig();
  return (
    <div data-xagent-welcome="" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {welcome?.title || welcome?.description || welcome?.icon ? (
        <WelcomeHeader icon={welcome.icon} title={welcome.title} description={welcome.description} headingLevel={welcome.headingLevel} />
      ) : null}
      {welcome?.prompts?.length ? <PromptList items={welcome.prompts} onSelect={sendPrompt} label={strings.suggestions} vertical /> : null}
    </div>
  );
}
