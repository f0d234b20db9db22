'use client';
import { Button, theme } from 'antd';
import { useId, type CSSProperties } from 'react';
// Inside the on-demand chunk (see lazy/a2ui-parts.tsx): the gate itself, not its lazy stand-in.
import { ImageGate } from '../markdown/image-gate.js';
import { ownEntry } from '../message-content/own-entry.js';
import { failingCheck, resolveText } from './dynamic-values.js';
import { Slot, type NodeRenderer } from './a2ui-node.js';
import { useScope, useSurface } from './surface-context.js';

const headingRank: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5 };
const headingSize = ['fontSizeHeading3', 'fontSizeHeading4', 'fontSizeHeading5', 'fontSizeLG', 'fontSize'] as const;

/**
 * Text: plain text (never markup). Headings are sized at chat scale and ranked within the surface:
 * its top heading gets the host's `headingLevel` and each lower variant it uses the next level, so
 * the page's outline stays in order. Body text
 * inherits its colour (it reads right inside a primary Button).
 */
const Text: NodeRenderer = ({ node }) => {
  const { headings } = useSurface();
  const { token } = theme.useToken();
  const scope = useScope(node.scope);
  const text = resolveText(node.component.text, scope);
  const variant = typeof node.component.variant === 'string' ? node.component.variant : 'body';
  const rank = ownEntry(headingRank, variant);
  if (rank !== undefined) {
    const offset = Math.max(0, headings.ranks.indexOf(rank));
    return (
      <div role="heading" aria-level={Math.min(6, headings.level + offset)} style={{ margin: 0, fontWeight: token.fontWeightStrong, lineHeight: 1.35, fontSize: token[headingSize[rank - 1]!] }}>
        {text}
      </div>
    );
  }
  if (variant === 'caption') return <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{text}</span>;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
};

const imageSize: Record<string, CSSProperties> = {
  icon: { width: 24, height: 24 },
  avatar: { width: 40, height: 40, borderRadius: '50%' },
  smallFeature: { maxWidth: 120 },
  mediumFeature: { maxWidth: 240 },
  largeFeature: { maxWidth: '100%' },
  header: { maxWidth: '100%' },
};

/** Image: through the kit's remote-image policy (an unlisted host shows a click-to-load placeholder). */
const Image: NodeRenderer = ({ node }) => {
  const scope = useScope(node.scope);
  const url = resolveText(node.component.url, scope);
  const alt = resolveText(node.component.description, scope);
  const variant = typeof node.component.variant === 'string' ? node.component.variant : '';
  return (
    <span data-a2ui-image="" style={{ display: 'inline-block', ...ownEntry(imageSize, variant) }}>
      <ImageGate src={url || undefined} alt={alt || undefined} title={undefined} />
    </span>
  );
};

/** Icon: the name as an accessible, inert label (the kit ships no icon font for A2UI names). */
const Icon: NodeRenderer = ({ node }) => {
  const scope = useScope(node.scope);
  const name = resolveText(node.component.name, scope).slice(0, 40);
  return (
    <span role="img" aria-label={name} data-a2ui-icon={name} style={{ display: 'inline-block', minWidth: 16 }}>
      {ownEntry(iconGlyph, name) ?? '•'}
    </span>
  );
};

const iconGlyph: Record<string, string> = {
  check: '✓', close: '✕', add: '+', star: '★', favorite: '♥', info: 'ℹ', warning: '⚠', error: '⚠', calendarToday: '📅', event: '📅',
  locationOn: '📍', person: '👤', phone: '📞', call: '📞', mail: '✉', search: '🔍', settings: '⚙', home: '⌂', send: '➤',
};

/** Button: runs its action (an event for the agent); disabled while a check fails or after the form was sent. */
const A2UIButton: NodeRenderer = ({ node }) => {
  const { act, disabled } = useSurface();
  const scope = useScope(node.scope);
  const failing = failingCheck(node.component.checks, scope);
  const variant = node.component.variant;
  const { token } = theme.useToken();
  const hintId = useId();
  // Why it is disabled, visible under it and its accessible description (a `title` reaches neither
  // touch nor keyboard users). Not shown once the whole form is inert: nothing to fix then.
  const hint = !disabled && failing ? failing : undefined;
  // One structure whether or not a hint shows: the button is never re-mounted (it keeps its focus).
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Button
        type={variant === 'primary' ? 'primary' : variant === 'borderless' ? 'text' : 'default'}
        disabled={disabled || failing !== undefined}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => act(node.component, node.scope)}
        data-a2ui-id={node.component.id}
      >
        <Slot nodes={node.slots.child} />
      </Button>
      {hint ? (
        <span id={hintId} data-a2ui-hint="" style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
          {hint}
        </span>
      ) : null}
    </span>
  );
};

export const contentRenderers: Record<string, NodeRenderer> = { Text, Image, Icon, Button: A2UIButton };
