import { useConversations, useSharedState } from '@x/agent-react';
import { AgentChat, AgentConversations } from '@x/agent-ui';
import { ConfigProvider, Layout, Segmented, Space, Tag, Typography, theme as antdTheme } from 'antd';
import { useEffect, useState } from 'react';
import { emptyProfile, ProfileForm, type Profile } from './ProfileForm.tsx';
import { themePresets, type ThemeName } from './theme-presets.ts';
import { conversationFromUrl, useConversationUrl } from './use-conversation-url.ts';
import { useStoredFeedback } from './use-stored-feedback.ts';

interface PromptInfo {
  key: string;
  label: string;
  description: string;
  prompt: string;
}

export function App() {
  const [themeName, setThemeName] = useState<ThemeName>('light');
  const [display, setDisplay] = useState<'inline' | 'drawer'>('inline');
  const [info, setInfo] = useState<{ mode: string; prompts: PromptInfo[] }>({ mode: '', prompts: [] });
  // The open conversation lives in the URL (?c=…): a reload or a shared link opens it.
  const conversations = useConversations({ api: '/api/agent', initialSelectedId: conversationFromUrl() });
  useConversationUrl(conversations);
  const feedback = useStoredFeedback(conversations);
  const shared = useSharedState<Profile>(emptyProfile);

  useEffect(() => {
    void fetch('/api/scenarios')
      .then((r) => r.json())
      .then((body: { mode: string; prompts: PromptInfo[] }) => setInfo(body));
  }, []);

  const preset = themePresets[themeName];
  const algorithm = [
    ...(preset.appearance?.dark ? [antdTheme.darkAlgorithm] : []),
    ...(preset.appearance?.compact ? [antdTheme.compactAlgorithm] : []),
  ];
  const chat = (
    <AgentChat
      agentId="assistant"
      conversationId={conversations.selectedId}
      sharedState={shared.store}
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
      {...conversations.chatEvents}
      feedbackValues={feedback.feedbackValues}
      onFeedback={feedback.onFeedback}
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
            <AgentConversations conversations={conversations} />
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
