'use client';
import { Card, Divider, Flex, Modal, Tabs } from 'antd';
import { useState, type CSSProperties } from 'react';
import { ownEntry } from '../message-content/own-entry.js';
import { resolveText } from './dynamic-values.js';
import { A2UINode, Slot, type NodeRenderer } from './a2ui-node.js';
import { useScope, useSurface } from './surface-context.js';

const justify: Record<string, CSSProperties['justifyContent']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
  stretch: 'stretch',
};
const align: Record<string, CSSProperties['alignItems']> = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch' };

const flexProps = (props: Record<string, unknown>, fallbackAlign: CSSProperties['alignItems']) => ({
  justify: ownEntry(justify, props.justify) ?? 'flex-start',
  align: ownEntry(align, props.align) ?? fallbackAlign,
});

/** Row: a wrapping horizontal Flex with the theme's gap. */
const Row: NodeRenderer = ({ node }) => (
  <Flex gap="small" wrap {...flexProps(node.component, 'center')} data-a2ui-id={node.component.id}>
    <Slot nodes={node.slots.children} />
  </Flex>
);

/** Column: a vertical Flex. */
const Column: NodeRenderer = ({ node }) => (
  <Flex vertical gap="small" {...flexProps(node.component, 'stretch')} data-a2ui-id={node.component.id}>
    <Slot nodes={node.slots.children} />
  </Flex>
);

/** List: a list (role list) of its children, vertical or horizontal. */
const List: NodeRenderer = ({ node }) => (
  <Flex role="list" vertical={node.component.direction !== 'horizontal'} gap="small" {...flexProps(node.component, 'stretch')} style={{ overflow: 'auto' }} data-a2ui-id={node.component.id}>
    {node.slots.children?.map((child) => (
      <div role="listitem" key={child.key}>
        <A2UINode node={child} />
      </div>
    ))}
  </Flex>
);

/** Card: an antd Card. */
const A2UICard: NodeRenderer = ({ node }) => (
  <Card size="small" data-a2ui-id={node.component.id}>
    <Slot nodes={node.slots.child} />
  </Card>
);

/** Tabs: antd Tabs, one per `tabs` entry (title + child). */
const A2UITabs: NodeRenderer = ({ node }) => {
  const scope = useScope(node.scope);
  const tabs = Array.isArray(node.component.tabs) ? node.component.tabs.slice(0, 50) : [];
  return (
    <Tabs
      size="small"
      data-a2ui-id={node.component.id}
      items={tabs.map((tab, i) => ({
        key: String(i),
        label: resolveText((tab as { title?: unknown } | null)?.title, scope) || `${i + 1}`,
        children: <Slot nodes={node.slots[`tab:${i}`]} />,
      }))}
    />
  );
};

/** Divider: horizontal or vertical. */
const A2UIDivider: NodeRenderer = ({ node }) => <Divider orientation={node.component.axis === 'vertical' ? 'vertical' : 'horizontal'} style={{ margin: '4px 0' }} />;

/** Modal: its trigger opens an antd Modal with its content, titled with the trigger's text (its accessible name). */
const A2UIModal: NodeRenderer = ({ node }) => {
  const { strings } = useSurface();
  const [title, setTitle] = useState<string | undefined>(undefined);
  return (
    <>
      <span onClickCapture={(event) => setTitle(event.currentTarget.textContent?.trim().slice(0, 120) || strings.dialog)} data-a2ui-id={node.component.id}>
        <Slot nodes={node.slots.trigger} />
      </span>
      <Modal open={title !== undefined} title={title} onCancel={() => setTitle(undefined)} footer={null} closable={{ 'aria-label': strings.close }} destroyOnHidden>
        <Slot nodes={node.slots.content} />
      </Modal>
    </>
  );
};

export const layoutRenderers: Record<string, NodeRenderer> = {
  Row,
  Column,
  List,
  Card: A2UICard,
  Tabs: A2UITabs,
  Divider: A2UIDivider,
  Modal: A2UIModal,
};
