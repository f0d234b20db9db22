import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThoughtChain } from './thought-chain.js';

describe('ThoughtChain.Item (loaded on demand)', () => {
  it('ThoughtChain.Item shows its title at once, then the Ant Design X item with its status', async () => {
    const { container } = render(<ThoughtChain.Item variant="text" status="success" title="getWeather finished" />);
    expect(screen.getByText('getWeather finished')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-thought-chain-status-success')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.getByText('getWeather finished')).toBeInTheDocument();
  });
});
