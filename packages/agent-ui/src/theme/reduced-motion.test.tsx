import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentUIProvider } from '../config.js';

function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{String(token.motion)}</output>;
}

function systemPrefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it("turns antd's motion off inside the kit when the system asks for reduced motion", () => {
    systemPrefersReducedMotion(true);
    render(<AgentUIProvider appearance={{ dark: true }}><MotionProbe /></AgentUIProvider>);
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });

  it('keeps motion when the system does not ask, and when the app sets motion itself', () => {
    systemPrefersReducedMotion(false);
    const { unmount } = render(<AgentUIProvider><MotionProbe /></AgentUIProvider>);
    expect(screen.getByRole('status')).toHaveTextContent('true');
    unmount();
    systemPrefersReducedMotion(true);
    render(<AgentUIProvider theme={{ token: { motion: true } }}><MotionProbe /></AgentUIProvider>);
    expect(screen.getByRole('status')).toHaveTextContent('true');
  });
});
