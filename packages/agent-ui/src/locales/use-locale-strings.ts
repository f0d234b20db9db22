import { useAgentUIConfig } from '../config.js';
import { enUS } from './built-in.js';
import { type AgentUIStrings } from './agent-ui-strings.js';
import { useCatalogueStrings } from './load-strings.js';
import { catalogueCodeForTag } from './locale-codes.js';

/**
 * The kit's strings for a component with its own `locale` prop (a BCP 47 tag: `AgentConversations`,
 * `AgentTimeline`): that locale's catalogue (English until it has loaded, and for a language the kit
 * has no catalogue of), else the strings in scope (`useAgentUIConfig`).
 */
export function useLocaleStrings(tag: string | undefined): AgentUIStrings {
  const inScope = useAgentUIConfig().strings;
  const code = tag ? (catalogueCodeForTag(tag) ?? 'en_US') : undefined;
  const own = useCatalogueStrings(code);
  return code ? (own ?? enUS) : inScope;
}
