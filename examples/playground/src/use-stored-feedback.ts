import type { Conversations, FeedbackValue, StoredMessageMetadata } from '@x/agent-react';
import { useEffect, useState } from 'react';

type FeedbackMap = Readonly<Record<string, FeedbackValue | null>>;
const EMPTY: FeedbackMap = {};

/**
 * Thumbs up/down of the open conversation, kept by the server (`metadata.feedback` of its messages):
 * read when a conversation opens, written at once on a click and rolled back if the server refuses.
 * For `<AgentChat feedbackValues onFeedback />`. (Stop-gap until AgentChat reads and writes stored
 * feedback itself through `chat.setFeedback`; then this hook goes.)
 */
export function useStoredFeedback({ selectedId, client }: Pick<Conversations, 'selectedId' | 'client'>) {
  const [state, setState] = useState<{ id: string; values: FeedbackMap }>({ id: selectedId, values: EMPTY });
  useEffect(() => {
    let live = true;
    client.history(selectedId).then(
      (history) => {
        const values: Record<string, FeedbackValue> = {};
        for (const message of history.messages) {
          const feedback = (message.metadata as StoredMessageMetadata | undefined)?.feedback;
          if (feedback) values[message.id] = feedback.value;
        }
        if (live) setState({ id: selectedId, values });
      },
      // A conversation the server does not have yet has no feedback.
      () => live && setState({ id: selectedId, values: EMPTY }),
    );
    return () => {
      live = false;
    };
  }, [selectedId, client]);

  const feedbackValues = state.id === selectedId ? state.values : EMPTY;
  const onFeedback = ({ messageId, value }: { messageId: string; value: FeedbackValue | null }) => {
    const id = selectedId;
    const previous = feedbackValues[messageId] ?? null;
    const put = (next: FeedbackValue | null) =>
      setState((current) => (current.id === id ? { id, values: { ...current.values, [messageId]: next } } : current));
    put(value);
    client.setFeedback(id, messageId, { value }).catch(() => put(previous));
  };
  return { feedbackValues, onFeedback };
}
