'use client';
import { useDeferredValue } from 'react';
import { useAgentUIConfig } from '../config.js';

/**
 * "N earlier messages", formatted after the first paint (in the mount's transition): the button sits
 * above the first screenful, and formatting the first plural of the page creates the locale's Intl
 * rules (≈ 17 ms of the S4 mount task in the profile).
 */
export function EarlierMessagesLabel({ count }: { count: number }) {
  const { strings } = useAgentUIConfig();
  const shown = useDeferredValue(count, 0);
  return shown ? strings.earlierMessages(shown) : strings.loading;
}
