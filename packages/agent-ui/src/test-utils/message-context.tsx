// Test helper: renders a message part outside AgentChat with a message context whose handlers do
// nothing, for tests that look at rendering only (the provider's behaviour is tested elsewhere).
import type { ReactNode } from 'react';
import { MessageContextProvider, type MessageContextValue } from '../chat/message-context.js';

const noop = () => {};

export const noopHandlers: MessageContextValue['handlers'] = {
  copy: noop,
  edit: noop,
  delete: noop,
  regenerate: noop,
  feedback: noop,
  approve: noop,
  deny: noop,
  addToolOutput: noop,
};

export function WithMessageContext({ children, value }: { children: ReactNode; value?: Partial<MessageContextValue> }) {
  return (
    <MessageContextProvider value={{ display: {}, toolRenderers: undefined, dataRenderers: undefined, handlers: noopHandlers, ...value }}>
      {children}
    </MessageContextProvider>
  );
}
