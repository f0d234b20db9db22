import { AgentChat } from '@x/agent-ui';
import { ConfigProvider } from 'antd';

export function App() {
  return (
    <ConfigProvider>
      <main style={{ maxWidth: 820, margin: '0 auto', padding: 24, height: '100vh', boxSizing: 'border-box' }}>
        <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>@x agent kit playground</h1>
        <AgentChat agentId="assistant" height="calc(100vh - 100px)" />
      </main>
    </ConfigProvider>
  );
}
