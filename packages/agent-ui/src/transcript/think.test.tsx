import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Think } from './think.js';

function ControlledThink() {
  const [expanded, setExpanded] = useState(true);
  return (
    <Think title={<button type="button">Reasoning</button>} expanded={expanded} onExpand={setExpanded}>
      <p>step one</p>
    </Think>
  );
}

describe('Think (loaded on demand)', () => {
  it('Think shows its title and expanded content at once, then collapses on a header click once loaded', async () => {
    const { container } = render(<ControlledThink />);
    expect(screen.getByRole('button', { name: 'Reasoning' })).toBeInTheDocument();
    expect(screen.getByText('step one')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-think')).not.toBeNull(), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Reasoning' }));
    await waitFor(() => expect(screen.queryByText('step one')).toBeNull());
  });
});
