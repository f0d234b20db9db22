import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DislikeFilled, LikeOutlined } from '@ant-design/icons-svg';
import type { AbstractNode } from '@ant-design/icons-svg/lib/types.js';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from './action-button.js';

describe('ActionButton', () => {
  it('is one host button named by its label, with the antd glyph as a hidden svg, and acts on click', async () => {
    const onClick = vi.fn();
    const { container } = render(<ActionButton label="Like" icon={LikeOutlined} onClick={onClick} pressed={false} />);
    const button = screen.getByRole('button', { name: 'Like' });
    expect(button).toHaveAttribute('title', 'Like');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveClass('x-agent-action');
    expect(container.querySelector('.ant-btn, .anticon')).toBeNull();
    const svg = button.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.getAttribute('viewBox')).toBe('64 64 896 896');
    const [path] = (LikeOutlined.icon as AbstractNode).children!;
    expect(svg.querySelector('path')!.getAttribute('d')).toBe(path!.attrs['d']);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a pressed toggle and ignores clicks while disabled', async () => {
    const onClick = vi.fn();
    render(<ActionButton label="Not helpful" icon={DislikeFilled} onClick={onClick} pressed disabled />);
    const button = screen.getByRole('button', { name: 'Not helpful' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
