import { render } from '@testing-library/react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Bubble, XProvider } from '../antdx.js';
import { BubbleFrameProvider, MessageBubble, type MessageBubbleProps } from './message-bubble.js';

type BubbleProps = ComponentProps<typeof Bubble>;

/** The Bubble props the kit's rows passed before: the same placement for the footer as the bubble. */
const asBubble = (props: MessageBubbleProps): BubbleProps => ({ ...props, footerPlacement: props.placement === 'end' ? 'outer-end' : 'outer-start' });

const CASES: [string, MessageBubbleProps][] = [
  ['a user message with its toolbar', { content: <p>hello</p>, placement: 'end', variant: 'filled', footer: <button type="button">Copy</button>, styles: { root: { maxWidth: '80%' }, content: { padding: 8 } } }],
  ['a reply with its toolbar', { content: <p>reply</p>, placement: 'start', variant: 'borderless', footer: <span>actions</span>, styles: { root: { width: '100%' }, body: { minWidth: 0 }, content: { width: '100%' } } }],
  ['a reply with nothing to show yet', { content: <p />, placement: 'start', variant: 'borderless', loading: true, footer: <span>never</span> }],
  ['a string, no footer', { content: 'plain', placement: 'start', variant: 'filled' }],
];

const APP_CONFIG = {
  className: 'app-bubble',
  style: { margin: 1 },
  classNames: { root: 'app-root', body: 'app-body', content: 'app-content', footer: 'app-footer' },
  styles: { root: { padding: 2 }, body: { gap: 3 }, content: { color: 'red' }, footer: { opacity: 0.5 } },
};

/** The markup of each node, rendered side by side under one `wrap` (one theme: the same CSS-variable key). */
function markups(nodes: ReactNode[], wrap: (node: ReactNode) => ReactNode): string[] {
  const { container, unmount } = render(<>{wrap(nodes.map((node, i) => <div key={i} data-slot={i}>{node}</div>))}</>);
  const html = nodes.map((_, i) => container.querySelector(`[data-slot="${i}"]`)!.innerHTML);
  unmount();
  return html;
}

describe('MessageBubble', () => {
  const settings: [string, (node: ReactNode) => ReactNode][] = [
    ['runtime styles', (node) => node],
    ['static styles', (node) => <ConfigProvider theme={{ zeroRuntime: true, hashed: false } as ThemeConfig}>{node}</ConfigProvider>],
    ['right to left', (node) => <ConfigProvider direction="rtl">{node}</ConfigProvider>],
    ['an app\'s bubble config and prefix', (node) => <XProvider prefixCls="app" bubble={APP_CONFIG}>{node}</XProvider>],
  ];
  for (const [setting, wrap] of settings) {
    it.each(CASES)(`is Ant Design X Bubble's markup: %s (${setting})`, (_, props) => {
      const [expected, own, shared] = markups(
        [
          <Bubble {...asBubble(props)} />,
          <MessageBubble {...props} />,
          // Sharing the frame of a transcript changes nothing.
          <BubbleFrameProvider>
            <MessageBubble {...props} />
          </BubbleFrameProvider>,
        ],
        wrap,
      );
      expect(expected).toContain('bubble');
      expect(own).toBe(expected);
      expect(shared).toBe(expected);
    });
  }

  it('follows the theme in scope: a frame shared under a provider sees its direction', () => {
    const props = CASES[0]![1];
    const { container } = render(
      <ConfigProvider direction="rtl">
        <BubbleFrameProvider>
          <MessageBubble {...props} />
        </BubbleFrameProvider>
      </ConfigProvider>,
    );
    expect(container.querySelector('.ant-bubble')!.classList.contains('ant-bubble-rtl')).toBe(true);
  });
});
