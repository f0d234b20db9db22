import { useSharedState, type AgentUIMessage } from '@x/agent-react';
import { AgentChat, AgentConversations } from '@x/agent-ui';
import { ConfigProvider, Layout, Segmented, Space, Tag, Typography, theme as antdTheme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { emptyProfile, ProfileForm, type Profile } from './ProfileForm.tsx';
import { themePresets, type ThemeName } from './theme-presets.ts';
import { useConversations } from './use-conversations.ts';

interface PromptInfo {
  key: string;
  label: string;
  description: string;
  prompt: string;
}

const newConversationId = () => `c-${crypto.randomUUID()}`;

function groupOf(updatedAt: number): string {
  const startOfToday = new Date().setHours(0, 0, 0, 0);
  return updatedAt >= startOfToday ? 'Today' : 'Earlier';
}

export function App() {
  const [themeName, setThemeName] = useState<ThemeName>('light');
  const [display, setDisplay] = useState<'inline' | 'drawer'>('inline');
  const [conversationId, setConversationId] = useState(newConversationId);
  const [history, setHistory] = useState<AgentUIMessage[]>([]);
  const [loadingKey, setLoadingKey] = useState<string>();
  const [info, setInfo] = useState<{ mode: string; prompts: PromptInfo[] }>({ mode: '', prompts: [] });
  const conversations = useConversations();
  const shared = useSharedState<Profile>(emptyProfile);

  useEffect(() => {
    void fetch('/api/scenarios')
      .then((r) => r.json())
      .then((body: { mode: string; prompts: PromptInfo[] }) => setInfo(body));
  }, []);

  const select = useCallback(
    async (key: string) => {
      setConversationId(key);
      setHistory([]);
      setLoadingKey(key);
      const messages = await conversations.load(key);
      setHistory(messages);
      setLoadingKey((current) => (current === key ? undefined : current));
    },
    [conversations],
  );

  const startNew = useCallback(() => {
    setConversationId(newConversationId());
    setHistory([]);
  }, []);

  const preset = themePresets[themeName];
  const algorithm = [
    ...(preset.appearance?.dark ? [antdTheme.darkAlgorithm] : []),
    ...(preset.appearance?.compact ? [antdTheme.compactAlgorithm] : []),
  ];
  const items = useMemo(
    () =>
      conversations.items.map((c) => ({
        key: c.id,
        label: c.title,
        group: groupOf(c.updatedAt),
        timestamp: c.updatedAt,
      })),
    [conversations.items],
  );
  const activeIsSaved = items.some((i) => i.key === conversationId);

  const chat = (
    <AgentChat
      agentId="assistant"
      conversationId={conversationId}
      messages={history}
      sharedState={shared.store}
      loading={loadingKey === conversationId}
      display={display}
      drawer={{ title: 'Assistant', width: 480 }}
      height="100%"
      maxWidth={860}
      welcome={{
        title: 'The @x agent kit playground',
        description: `Every feature is reachable from here, no API key needed. Agent: ${info.mode || '…'}`,
        prompts: info.prompts.map((p) => ({ key: p.key, text: p.prompt, label: p.label, description: p.prompt })),
      }}
      sender={{ placeholder: 'Ask the agent… (try “Fill the form” or “Delete record 7”)', attachments: { accept: 'image/*,.txt,.md,.pdf', maxSize: 2 * 1024 * 1024 } }}
      onMessageComplete={() => void conversations.refresh()}
      onTitleGenerated={() => void conversations.refresh()}
      {...preset}
    />
  );

  return (
    <ConfigProvider theme={{ algorithm, ...(preset.theme ?? {}) }}>
      <Layout style={{ height: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16, background: 'transparent' }}>
          <Typography.Title level={1} style={{ fontSize: 18, margin: 0, whiteSpace: 'nowrap' }}>
            @x agent kit playground
          </Typography.Title>
          <Tag>{info.mode || 'connecting…'}</Tag>
          <Space style={{ marginInlineStart: 'auto' }}>
            <Segmented<ThemeName>
              aria-label="Theme"
              value={themeName}
              onChange={setThemeName}
              options={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
                { value: 'compact', label: 'Compact' },
                { value: 'custom', label: 'Custom tokens' },
              ]}
            />
            <Segmented<'inline' | 'drawer'>
              aria-label="Display"
              value={display}
              onChange={setDisplay}
              options={[
                { value: 'inline', label: 'Inline' },
                { value: 'drawer', label: 'Drawer' },
              ]}
            />
          </Space>
        </Layout.Header>
        <Layout hasSider style={{ minHeight: 0 }}>
          <Layout.Sider aria-label="Conversation list" width={260} theme={preset.appearance?.dark ? 'dark' : 'light'} style={{ overflow: 'auto', padding: 8 }}>
            <AgentConversations
              items={items}
              activeKey={activeIsSaved ? conversationId : undefined}
              loadingKey={loadingKey}
              onSelect={({ key }) => void select(key)}
              onNew={startNew}
              onMenuClick={({ action, conversationKey }) => {
                if (action === 'delete') {
                  void conversations.remove(conversationKey);
                  if (conversationKey === conversationId) startNew();
                }
                if (action === 'rename') {
                  const title = window.prompt('New title', items.find((i) => i.key === conversationKey)?.label ?? '');
                  if (title) void conversations.rename(conversationKey, title);
                }
              }}
            />
          </Layout.Sider>
          <Layout.Content style={{ display: 'flex', gap: 16, padding: 16, minHeight: 0 }}>
            <section aria-label="Chat" style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
              {/* The chat keeps its place in the tree in both modes (a new parent would remount it). */}
              {display === 'drawer' ? (
                <Typography.Paragraph>The chat is in the drawer: open it with the button at the bottom right.</Typography.Paragraph>
              ) : null}
              {chat}
            </section>
            <aside aria-label="Page state" style={{ width: 320, overflow: 'auto' }}>
              <ProfileForm shared={shared} />
            </aside>
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
