import type { SharedState } from '@x/agent-react';
import { Button, Card, Form, Input, Select, Space, Tag, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';

export interface Profile extends Record<string, unknown> {
  name: string;
  email: string;
  company: string;
  plan: string;
}

export const emptyProfile: Profile = { name: '', email: '', company: '', plan: 'free' };

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

const show = (v: unknown) => (v === '' || v === undefined ? '∅' : JSON.stringify(v));

/**
 * A form the agent can fill: every field is shared with it through `useSharedState` (the page's
 * allowlist); the write log shows who changed what, with undo per write and per turn.
 */
export function ProfileForm({ shared }: { shared: SharedState<Profile> }) {
  const { value, log } = shared;
  const { token } = theme.useToken();
  const writes = [...log].reverse();
  const lastTurn = writes.find((w) => w.source === 'agent' && w.turnId && !w.undoneBy)?.turnId;
  return (
    <Card size="small" title="Shared form" extra={<Tag color="blue">shared with the agent</Tag>}>
      <Form layout="vertical" size="small" aria-label="Shared form">
        {(['name', 'email', 'company'] as const).map((key) => (
          <Form.Item key={key} label={key[0]!.toUpperCase() + key.slice(1)} htmlFor={`profile-${key}`} style={{ marginBottom: 8 }}>
            <Input id={`profile-${key}`} value={value[key]} onChange={(e) => shared.set(key, e.target.value)} />
          </Form.Item>
        ))}
        <Form.Item label="Plan" htmlFor="profile-plan" style={{ marginBottom: 8 }}>
          <Select
            id="profile-plan"
            aria-label="Plan"
            value={value.plan}
            onChange={(plan) => shared.set('plan', plan)}
            options={['free', 'team', 'enterprise'].map((p) => ({ value: p, label: p }))}
          />
        </Form.Item>
      </Form>
      <Space style={{ justifyContent: 'space-between', width: '100%', margin: '8px 0' }}>
        <Typography.Text strong>Write log</Typography.Text>
        <Button size="small" disabled={!lastTurn} onClick={() => lastTurn && shared.undoTurn(lastTurn)}>
          Undo last agent turn
        </Button>
      </Space>
      {/* A plain list (antd's List is deprecated in antd 6 and warned on every load). */}
      <ul aria-label="Write log" style={listStyle}>
        {writes.length === 0 ? (
          <li style={{ padding: '8px 0' }}>
            <Typography.Text>No writes yet</Typography.Text>
          </li>
        ) : null}
        {writes.slice(0, 12).map((w) => (
          <li key={w.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0', borderBlockEnd: `1px solid ${token.colorSplit}` }}>
            <Typography.Text style={{ fontSize: 12, flex: 1, minWidth: 0 }} delete={Boolean(w.undoneBy)}>
              <Tag color={w.source === 'agent' ? 'purple' : 'default'}>{w.source}</Tag>
              {w.key}: {show(w.previous)} → {show(w.next)}
            </Typography.Text>
            <Button size="small" type="link" disabled={Boolean(w.undoneBy) || Boolean(w.undoOf)} onClick={() => shared.undo(w.id)} aria-label={`Undo ${w.key}`}>
              Undo
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
