// What README snippets use without defining it: the app's own code (a database, a user lookup, the
// tools and hooks defined elsewhere on the page); modules are in `readme-modules.d.ts`. Each snippet is compiled as a module of its own with these in scope.
import type { AgentConfig, AgentUser, ToolConfig } from '@x/agent-server';
import type { HookFunction } from '@x/agent-server/hooks';
import type { LanguageModel } from 'ai';

declare global {
  const db: {
    orders: { find(id: string, options: { user: AgentUser | undefined }): Promise<{ id: string; status: string }> };
    records: { delete(id: number, options: { by: string | undefined }): Promise<{ deleted: number }> };
  };
  function getUser(request: Request): Promise<AgentUser | null>;
  function fetchWeather(city: string, options: { signal: AbortSignal }): Promise<{ city: string; tempC: number }>;
  function myProvider(modelId: string): LanguageModel;
  const agents: Record<string, AgentConfig>;
  const tools: Record<string, ToolConfig>;
  const authenticate: (request: Request) => Promise<AgentUser | null>;
  const lookupOrder: ToolConfig<{ orderId: string }, unknown>;
  const refundOrder: ToolConfig<{ orderId: string }, unknown>;
  const suggestFollowUps: HookFunction;
  const saveConversation: HookFunction;
  /** The conversation the page shows. */
  const conversationId: string;
  /** Vite's `import.meta.env`. */
  interface ImportMeta {
    readonly env: { readonly DEV: boolean; readonly [key: string]: unknown };
  }
}

