'use client';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useAgentUIConfig } from '../config.js';
import { OnDemandRules } from '../lazy/on-demand-rules.js';

/**
 * The optional reason after "Not helpful": a short text (quick picks fill it), sent with the
 * feedback; Skip or Escape closes it without one. Enter sends.
 */
export function FeedbackReason({ onSubmit, onClose }: { onSubmit: (comment: string) => void; onClose: () => void }) {
  const { strings } = useAgentUIConfig();
  const [text, setText] = useState('');
  return (
    <form
      data-xagent-feedback-reason=""
      style={{ marginTop: 4 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSubmit(text.trim());
        else onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {/* Input and Space: rules antd.css does not hold (the toolbar around needs none). */}
      <OnDemandRules />
      <Input size="small" dir="auto" aria-label={strings.feedbackReasonLabel} placeholder={strings.feedbackReasonLabel} maxLength={500} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      <Space size={4} wrap style={{ marginTop: 4 }}>
        {strings.feedbackReasons.map((reason) => (
          <Button key={reason} size="small" type="dashed" aria-pressed={text === reason} onClick={() => setText(reason)}>
            {reason}
          </Button>
        ))}
        <Button size="small" type="primary" htmlType="submit">
          {strings.feedbackReasonSend}
        </Button>
        <Button size="small" onClick={onClose}>
          {strings.feedbackReasonSkip}
        </Button>
      </Space>
    </form>
  );
}
