import { MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { useConversations } from '@x/agent-react/conversations';
import { liveEvents } from '@x/agent-react/live';
import { AgentChat, AgentConversations, type AgentChatPlugin } from '@x/agent-ui';
import { a2ui } from '@x/agent-ui/plugins/a2ui';
import { attachments } from '@x/agent-ui/plugins/attachments';
import { branches } from '@x/agent-ui/plugins/branches';
import { dictation } from '@x/agent-ui/plugins/dictation';
import { live } from '@x/agent-ui/plugins/live';
import { mcpApps } from '@x/agent-ui/plugins/mcp-apps';
import { queue } from '@x/agent-ui/plugins/queue';
import { resume } from '@x/agent-ui/plugins/resume';
import { ConfigProvider, Flex, Layout, Segmented, Tag, Typography, theme as antdTheme } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { ActivityDrawer } from './ActivityDrawer.tsx';
import { useDevTools } from './DevTools.tsx';
import { PanelDrawer } from './PanelDrawer.tsx';
import { MissingConversationNotice } from './MissingConversation.tsx';
import { emptyProfile, ProfileForm, type Profile } from './ProfileForm.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useConversationSharedState } from './use-conversation-shared-state.ts';
import { themePresets, type ThemeName } from './theme-presets.ts';
import { conversationFromUrl, useConversationUrl } from './use-conversation-url.ts';
import { PHONE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query.ts';
import { useLocaleFromUrl } from './use-locale-from-url.ts';

interface PromptInfo {
  key: string;
  label: string;
  description: string;
  prompt: string;
}

type Display = 'inline' | 'drawer';

/**
 * The playground: conversations on the left, the chat, the shared form on the right. Below 768 px
 * the conversations and the form (with the theme and display switches) move into drawers opened
 * from the header, and the chat takes the whole width.
 */
export function App() {
  const [themeName, setThemeName] = useState<ThemeName>('light');
  const [display, setDisplay] = useState<Display>('inline');
  const [info, setInfo] = useState<{ mode: string; prompts: PromptInfo[]; sandboxUrl?: string }>({ mode: '', prompts: [] });
  const phone = useMediaQuery(PHONE_QUERY);
  // The phone's open drawer, with the conversation open when it opened: picking another one (or
  // "New chat") in the conversations drawer closes it.
  const [panel, setPanel] = useState<{ name: 'conversations' | 'settings'; at: string } | null>(null);
  // The open conversation lives in the URL (?c=…): a reload or a shared link opens it.
  // Live on every tab: the list follows what other tabs and devices of the user do (AgentChat follows by itself).
  const conversations = useConversations({ api: '/api/agent', initialSelectedId: conversationFromUrl(), live: liveEvents });
  useConversationUrl(conversations);
  // The shared form and its write log belong to the open conversation (another one starts empty).
  const shared = useConversationSharedState<Profile>(conversations.selectedId, emptyProfile);
  const dev = useDevTools(conversations.selectedId);

  useEffect(() => {
    void fetch('/api/scenarios')
      .then((r) => r.json())
      .then((body: { mode: string; prompts: PromptInfo[]; sandboxUrl?: string }) => setInfo(body));
  }, []);
  const isOpen = (name: 'conversations' | 'settings') => phone && panel?.name === name && (name === 'settings' || panel.at === conversations.selectedId);
  const openPanel = (name: 'conversations' | 'settings') => (open: boolean) => setPanel(open ? { name, at: conversations.selectedId } : null);

  const preset = themePresets[themeName];
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const urlLocale = useLocaleFromUrl();
  const algorithm = [
    ...(preset.appearance?.dark ? [antdTheme.darkAlgorithm] : []),
    ...(preset.appearance?.compact ? [antdTheme.compactAlgorithm] : []),
  ];
  const chat = (
    <AgentChat
      agentId="assistant"
      conversationId={conversations.selectedId}
      sharedState={shared.store}
      {...(dev.fetch ? { chatOptions: { fetch: dev.fetch } } : {})}
      display={display}
      drawer={{ title: 'Assistant', width: phone ? '100%' : 480 }}
      height="100%"
      // In the chat column (a flex column): what sits above it (a notice) takes its height from the chat's.
      style={{ flex: 1, minHeight: 0 }}
      maxWidth={860}
      welcome={{
        title: 'The @x agent kit playground',
        description: `Every feature is reachable from here, no API key needed. Agent: ${info.mode || '…'}`,
        prompts: info.prompts.map((p) => ({ key: p.key, text: p.prompt, label: p.label, description: p.prompt })),
      }}
      // Every plug-in: the playground shows every feature.
      plugins={playgroundPlugins(info.sandboxUrl)}
      composer={{
        placeholder: 'Ask the agent… (try “Fill the form” or “Delete record 7”)',
        autoFocus: !phone,
      }}
      events={conversations.chatEvents}
      // The kit's documented styling mode: its stylesheets (imported in main.tsx), no CSS-in-JS rules at mount.
      ui={{ ...preset, styles: 'static' }}
    />
  );
  const switches = (
    <Flex gap={8} wrap>
      <Segmented<ThemeName>
        aria-label="Theme"
        value={themeName}
        onChange={setThemeName}
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
          { value: 'compact', label: 'Compact' },
          { value: 'custom', label: phone ? 'Custom' : 'Custom tokens' },
        ]}
      />
      <Segmented<Display>
        aria-label="Display"
        value={display}
        onChange={setDisplay}
        options={[
          { value: 'inline', label: 'Inline' },
          { value: 'drawer', label: 'Drawer' },
        ]}
      />
    </Flex>
  );
  const conversationList = <AgentConversations conversations={conversations} />;
  const form = <ProfileForm shared={shared} />;

  return (
    // The app's own antd parts (drawers, forms) honour the system's "reduce motion" as the kit does.
    // `?locale=de_DE`: antd's locale (and the kit's strings with it, chosen from antd's) and its direction.
    <ConfigProvider {...urlLocale} theme={{ algorithm, ...(preset.theme ?? {}), token: { ...preset.theme?.token, ...(reduceMotion ? { motion: false } : {}) } }}>
      <Layout style={{ height: '100dvh', '--playground-focus': preset.appearance?.dark ? '#69b1ff' : '#0958d9' } as CSSProperties}>
        <SkipLink target="chat" />
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: phone ? 8 : 16, paddingInline: phone ? 8 : 16, background: 'transparent' }}>
          {phone ? (
            <PanelDrawer label="Conversations" icon={<MenuOutlined />} placement="left" open={isOpen('conversations')} onOpenChange={openPanel('conversations')}>
              {conversationList}
            </PanelDrawer>
          ) : null}
          <Typography.Title level={1} ellipsis style={{ unicodeBidi: 'plaintext', fontSize: phone ? 16 : 18, margin: 0, minWidth: 0, flex: phone ? 1 : undefined }}>
            {phone ? '@x playground' : '@x agent kit playground'}
          </Typography.Title>
          <ActivityDrawer conversationId={conversations.selectedId} compact={phone} />
          {phone ? (
            <PanelDrawer label="Settings and shared form" icon={<SettingOutlined />} placement="right" open={isOpen('settings')} onOpenChange={openPanel('settings')}>
              <Flex vertical gap={12}>
                {switches}
                {form}
                {dev.controls}
              </Flex>
            </PanelDrawer>
          ) : (
            <>
              <Tag>{info.mode || 'connecting…'}</Tag>
              <div style={{ marginInlineStart: 'auto' }}>{switches}</div>
            </>
          )}
        </Layout.Header>
        <Layout hasSider={!phone} style={{ minHeight: 0 }}>
          {phone ? null : (
            <Layout.Sider aria-label="Conversation list" width={260} theme={preset.appearance?.dark ? 'dark' : 'light'} style={{ overflow: 'auto', padding: 8, colorScheme: preset.appearance?.dark ? 'dark' : 'light' }}>
              {conversationList}
              {/* The developer tools (with ?inspector) under the list: clear of the chat and of the inspector's panel (on the right). */}
              {dev.controls ? <div style={{ marginTop: 16 }}>{dev.controls}</div> : null}
            </Layout.Sider>
          )}
          <Layout.Content style={{ display: 'flex', gap: 16, padding: phone ? 8 : 16, minHeight: 0, minWidth: 0 }}>
            <section id="chat" tabIndex={-1} aria-label="Chat" style={{ flex: 1, minWidth: 0, minHeight: 0, outline: 'none', display: 'flex', flexDirection: 'column' }}>
              {/* The chat keeps its place in the tree in both modes (a new parent would remount it). */}
              <MissingConversationNotice conversations={conversations} />
              {display === 'drawer' ? (
                <Typography.Paragraph>The chat is in the drawer: open it with the button at the bottom right.</Typography.Paragraph>
              ) : null}
              {chat}
            </section>
            {phone ? null : (
              <aside aria-label="Page state" style={{ width: 320, flexShrink: 0, overflow: 'auto' }}>
                {form}
              </aside>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
      {dev.panel}
    </ConfigProvider>
  );
}

/**
 * The playground's plug-ins: all of them. MCP Apps run in the API server's sandbox page, on another
 * origin than this page (README "MCP Apps"), when the server gives one.
 */
function playgroundPlugins(sandboxUrl: string | undefined): AgentChatPlugin[] {
  return [
    queue(),
    attachments({ accept: 'image/*,.txt,.md,.pdf', maxSize: 2 * 1024 * 1024, upload: true }),
    dictation(),
    branches(),
    resume(),
    live(),
    a2ui(),
    ...(sandboxUrl ? [mcpApps({ sandboxUrl })] : []),
  ];
}
