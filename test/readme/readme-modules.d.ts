// Modules README snippets import that are the app's own (`@/lib/agent-server`: the server of the
// README's first snippet) or belong to a framework the kit does not install.
declare module '@/lib/agent-server' {
  import type { AgentServer, ToolConfig } from '@x/agent-server';
  type WeatherTool = ToolConfig<{ city: string }, { city: string; tempC: number }>;
  export const server: AgentServer<{
    agents: { assistant: { model: string; tools: ['getWeather'] }; support: { model: string; tools: ['getWeather'] } };
    tools: { getWeather: WeatherTool };
  }>;
}

declare module '@ant-design/nextjs-registry' {
  import type { ReactNode } from 'react';
  export function AntdRegistry(props: { children?: ReactNode }): ReactNode;
}

declare module '@opentelemetry/exporter-trace-otlp-http' {
  import type { SpanExporter } from '@opentelemetry/sdk-trace';
  export class OTLPTraceExporter implements SpanExporter {
    constructor(config?: { url?: string; headers?: Record<string, string> });
    export: SpanExporter['export'];
    shutdown: SpanExporter['shutdown'];
  }
}
