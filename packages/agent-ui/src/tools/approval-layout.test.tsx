import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApprovalCard } from './approval-card.js';
import type { ToolCallView } from './tool-parts.js';

const call: ToolCallView = { toolCallId: 't1', toolName: 'deleteFile', state: 'approval-requested', input: { path: '/tmp/a' }, approval: { id: 'a1' } };

/** The row of buttons `button` sits in. */
const rowOf = (button: HTMLElement) => button.closest('.ant-space') as HTMLElement;

// At 320 px the three buttons (Approve, Edit input, Reject) are wider than the card: they wrap to a
// second line instead of running past the card's edge, which clipped Reject's border.
describe('ApprovalCard on a narrow screen', () => {
  it('wraps its buttons (Approve, Edit input, Reject) and the reason form\'s', async () => {
    const user = userEvent.setup();
    render(<ApprovalCard call={call} onApprove={() => {}} onDeny={() => {}} />);
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(getComputedStyle(rowOf(reject)).flexWrap).toBe('wrap');
    expect(rowOf(reject)).toContainElement(screen.getByRole('button', { name: 'Approve' }));
    await user.click(reject);
    const confirm = screen.getByRole('button', { name: /Reject/ });
    expect(getComputedStyle(rowOf(confirm)).flexWrap).toBe('wrap');
  });
});
