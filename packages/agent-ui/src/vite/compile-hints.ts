import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a script file whose first line is this comment has all its
 * functions compiled eagerly — while the file streams in, off the main thread — instead of each on its
 * first call, on the main thread, inside the task that evaluates the page's modules.
 */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';

/** Options of {@link compileHints}. */
export interface CompileHintsOptions {
  /**
   * The npm packages whose modules go into the hinted chunk. Name only packages that every page loads
   * and whose functions mostly run during the first render: an eagerly compiled function that never
   * runs costs memory and compile time for nothing. Default: `react-dom` and `scheduler`.
   */
  packages?: readonly string[];
  /** The hinted chunk's name (its file is `<name>-<hash>.js`). Default: `react-dom`. */
  chunkName?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The module ids of `packages` (any `node_modules` layout, pnpm's included; `/` or `\`). */
export function packagePattern(packages: readonly string[]): RegExp {
  const names = packages.map((name) => name.split('/').map(escapeRegExp).join('[\\\\/]'));
  return new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join('|')})[\\\\/]`);
}

/**
 * A Vite plugin for an app's client build: puts React DOM (by default) in a chunk of its own that
 * starts with V8's compile hint, so the page's module evaluation no longer compiles React DOM's
 * functions one by one on the main thread. On a page with `AgentChat` and 1,000 messages it shortens
 * the longest task of the load by about a quarter (the kit's `bench/results/README.md`). Browsers
 * without the hint read an ordinary comment. Server builds are left alone; a build that inlines every
 * import into one file (`codeSplitting: false`) gets no hinted chunk.
 */
export function compileHints(options: CompileHintsOptions = {}): Plugin {
  const chunkName = options.chunkName ?? 'react-dom';
  const test = packagePattern(options.packages ?? ['react-dom', 'scheduler']);
  return {
    name: '@x/agent-ui:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    outputOptions(output) {
      if (output.codeSplitting === false || output.inlineDynamicImports === true) return null;
      const userBanner = output.postBanner;
      const postBanner = async (chunk: Rolldown.RenderedChunk) => {
        const own = typeof userBanner === 'function' ? await userBanner(chunk) : (userBanner ?? '');
        if (chunk.name !== chunkName) return own;
        return own ? `${ALL_FUNCTIONS_CALLED_ON_LOAD}\n${own}` : ALL_FUNCTIONS_CALLED_ON_LOAD;
      };
      const userChunks = output.manualChunks;
      if (userChunks) {
        // The deprecated form wins over `codeSplitting` in Rolldown: keep it, and answer first.
        return { ...output, postBanner, manualChunks: (id, meta) => (test.test(id) ? chunkName : userChunks(id, meta)) };
      }
      const splitting = typeof output.codeSplitting === 'object' ? output.codeSplitting : {};
      const group = { name: chunkName, test, priority: Number.MAX_SAFE_INTEGER };
      return { ...output, postBanner, codeSplitting: { ...splitting, groups: [group, ...(splitting.groups ?? [])] } };
    },
  };
}
