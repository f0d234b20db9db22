'use client';
import XProviderContextModule from '@ant-design/x/es/x-provider/context.js';
import useBubbleStyleModule from '@ant-design/x/es/bubble/style/index.js';
import { ConfigProvider } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { defaultExport } from '../lazy/lazy-component.js';

const XProviderContext = /* @__PURE__ */ defaultExport(XProviderContextModule);
const useBubbleStyle = /* @__PURE__ */ defaultExport(useBubbleStyleModule);

type Slot = 'root' | 'body' | 'content' | 'footer';

/** What every bubble of a theme shares: Ant Design X's class names and its app-wide `bubble` config. */
export interface BubbleFrame {
  prefixCls: string;
  /** The root's classes before the placement (the prefix, the app's, the style hash). */
  root: string;
  rtl: boolean;
  classNames: Partial<Record<Slot, string>>;
  styles: Partial<Record<Slot, CSSProperties>>;
}

const join = (...names: (string | false | undefined | null)[]): string => names.filter(Boolean).join(' ');

/**
 * Ant Design X's Bubble frame for the theme in scope: its style (registered as Bubble registers it:
 * nothing in the static styles mode) and the `bubble` config an app gives `XProvider`. One per
 * transcript ({@link BubbleFrameProvider}), not one per message.
 */
function useBubbleFrame(): BubbleFrame {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const config = (useContext(XProviderContext) as { bubble?: { className?: string; style?: CSSProperties; classNames?: BubbleFrame['classNames']; styles?: BubbleFrame['styles'] } }).bubble;
  const prefixCls = getPrefixCls('bubble');
  const [hashId, cssVarCls] = useBubbleStyle(prefixCls);
  return useMemo(
    () => ({
      prefixCls,
      root: join(prefixCls, config?.className, config?.classNames?.root, hashId, cssVarCls),
      rtl: direction === 'rtl',
      classNames: config?.classNames ?? {},
      styles: { ...config?.styles, root: { ...config?.style, ...config?.styles?.root } },
    }),
    [prefixCls, config, hashId, cssVarCls, direction],
  );
}

const FrameContext = createContext<BubbleFrame | null>(null);

/** Gives the bubbles below one shared {@link BubbleFrame} (the transcript's rows). */
export function BubbleFrameProvider({ children }: { children: ReactNode }) {
  return <FrameContext.Provider value={useBubbleFrame()}>{children}</FrameContext.Provider>;
}

/** Props of {@link MessageBubble}: the part of Ant Design X Bubble's the kit uses. */
export interface MessageBubbleProps {
  content: ReactNode;
  placement: 'start' | 'end';
  variant: 'filled' | 'borderless';
  /** Three dots instead of the content and the footer (a reply with nothing to show yet). */
  loading?: boolean;
  styles?: Partial<Record<'root' | 'body' | 'content', CSSProperties>>;
  footer?: ReactNode;
}

/**
 * A message's bubble: the markup and class names of Ant Design X's `Bubble` (so its styles, static
 * or registered, and an app's `XProvider` bubble config apply as before), from host elements. A
 * `Bubble` per row ran its config, context and style hooks for each of a transcript's rows (≈ 10 ms
 * of a 1,000-message mount); under {@link BubbleFrameProvider} they run once per transcript.
 */
export function MessageBubble(props: MessageBubbleProps) {
  const shared = useContext(FrameContext);
  // The markup is a plain function of the frame, not a component: no fiber of its own per row.
  return shared ? bubbleMarkup(shared, props) : <OwnFrameBubble {...props} />;
}

/** A bubble outside a transcript (an `AgentMessage` in a layout of the app's): its frame of its own. */
function OwnFrameBubble(props: MessageBubbleProps) {
  return bubbleMarkup(useBubbleFrame(), props);
}

function bubbleMarkup(frame: BubbleFrame, { content, placement, variant, loading = false, styles, footer }: MessageBubbleProps): ReactNode {
  const { prefixCls, classNames } = frame;
  return (
    <div className={join(frame.root, `${prefixCls}-${placement}`, frame.rtl && `${prefixCls}-rtl`, loading && `${prefixCls}-loading`)} style={{ ...frame.styles.root, ...styles?.root }}>
      {loading ? (
        <span className={`${prefixCls}-dot`}>
          <i className={`${prefixCls}-dot-item`} />
          <i className={`${prefixCls}-dot-item`} />
          <i className={`${prefixCls}-dot-item`} />
        </span>
      ) : (
        <div className={join(`${prefixCls}-body`, classNames.body)} style={{ ...frame.styles.body, ...styles?.body }}>
          <div
            style={{ ...frame.styles.content, ...styles?.content }}
            className={join(`${prefixCls}-content`, `${prefixCls}-content-${variant}`, classNames.content, variant !== 'borderless' && `${prefixCls}-content-default`, typeof content === 'string' && `${prefixCls}-content-string`)}
          >
            {content}
          </div>
          {footer ? (
            <div className={join(`${prefixCls}-footer`, classNames.footer, `${prefixCls}-footer-${placement}`)} style={frame.styles.footer}>
              {footer}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
