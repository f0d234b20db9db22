import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PromptList } from './prompt-list.js';

describe('PromptList', () => {
  it('names each button by the prompt it sends and is one Tab stop with arrow keys inside', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <PromptList
          label="Prompts"
          onSelect={onSelect}
          items={[
            { key: 'w', text: 'What is the weather in Oslo?', label: 'Weather' },
            { key: 'f', text: 'Fill the form with a sample profile', label: 'Fill the form' },
            'Delete record 7',
          ]}
        />
        <button type="button">after</button>
      </>,
    );
    const weather = screen.getByRole('button', { name: 'Weather: What is the weather in Oslo?' });
    const form = screen.getByRole('button', { name: 'Fill the form: Fill the form with a sample profile' });
    const remove = screen.getByRole('button', { name: 'Delete record 7' });
    expect([weather, form, remove].map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    expect(weather).toHaveAttribute('dir', 'auto');

    await user.tab();
    expect(weather).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(form).toHaveFocus();
    await user.keyboard('{End}');
    expect(remove).toHaveFocus();
    await user.keyboard('{Home}');
    expect(weather).toHaveFocus();
    await user.keyboard('d');
    expect(remove).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(remove).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Delete record 7');
  });
});
