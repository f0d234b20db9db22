import type { LanguageModelUsage } from 'ai';

/** Usage with every count undefined (no step ran). */
export function emptyUsage(): LanguageModelUsage {
  return {
    inputTokens: undefined,
    inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined },
    outputTokens: undefined,
    outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
    totalTokens: undefined,
  };
}

/** The usage of several steps added up (a count stays undefined only when no step reported it). */
export function sumUsage(usages: readonly LanguageModelUsage[]): LanguageModelUsage {
  const total = emptyUsage();
  for (const u of usages) {
    total.inputTokens = add(total.inputTokens, u.inputTokens);
    total.outputTokens = add(total.outputTokens, u.outputTokens);
    total.totalTokens = add(total.totalTokens, u.totalTokens);
    total.inputTokenDetails = {
      noCacheTokens: add(total.inputTokenDetails.noCacheTokens, u.inputTokenDetails?.noCacheTokens),
      cacheReadTokens: add(total.inputTokenDetails.cacheReadTokens, u.inputTokenDetails?.cacheReadTokens),
      cacheWriteTokens: add(total.inputTokenDetails.cacheWriteTokens, u.inputTokenDetails?.cacheWriteTokens),
    };
    total.outputTokenDetails = {
      textTokens: add(total.outputTokenDetails.textTokens, u.outputTokenDetails?.textTokens),
      reasoningTokens: add(total.outputTokenDetails.reasoningTokens, u.outputTokenDetails?.reasoningTokens),
    };
  }
  return total;
}

function add(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}
