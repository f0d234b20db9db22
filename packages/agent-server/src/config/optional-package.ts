import { ConfigError, type ConfigIssue } from './config-error.js';

/**
 * The heavy packages a feature needs are optional peer dependencies of `@x/agent-server` (issue 23):
 * an app installs `pg` only when it uses `postgresStore`, `@ai-sdk/anthropic` only when a connection
 * names `anthropic`. The root entry never imports them statically; the feature that needs one checks
 * it at startup (`checkInstalled`, synchronous) and loads it on first use (`importOptional`), and a
 * missing one is a `ConfigError` that names the package to install.
 */

/** Finds a module without loading it (`import.meta.resolve`); throws `ERR_MODULE_NOT_FOUND` when it is not installed. */
export type ModuleResolver = (specifier: string) => unknown;

/** What a feature needs: the package, where in the config it is asked for, and who asks. */
export interface OptionalPackage {
  /** The npm package (`pg`, `@ai-sdk/anthropic`). */
  pkg: string;
  /** The config path of the issue (`store`, `connections.main.provider`). */
  path: string;
  /** Who needs it, for the message (`postgresStore`, `provider "anthropic"`). */
  feature: string;
}

/**
 * Node's resolver, relative to this package (where its peers are linked). Where there is none that can
 * answer synchronously (a bundle, an edge runtime), nothing is checked at startup and the first use
 * reports the missing package instead.
 */
const defaultResolver: ModuleResolver | undefined = typeof import.meta.resolve === 'function' ? (specifier) => import.meta.resolve(specifier) : undefined;

/**
 * Loads a package by a name known only at run time: no bundler follows it (so an app that does not use
 * a provider needs neither the package nor a bundler stub for it), and Node resolves it from here.
 */
export function importPackage(specifier: string): Promise<unknown> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}

/** The issue of a missing package: what needs it, and the command that installs it. */
export function missingPackageIssue({ pkg, path, feature }: OptionalPackage): ConfigIssue {
  return { path, message: `${feature} needs the package "${pkg}", which is not installed: add it to your app (npm install ${pkg})` };
}

/** Whether `error` says that `pkg` itself (not something inside it) cannot be found. */
export function isMissingPackage(error: unknown, pkg: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  // Node: "Cannot find package 'pg' imported from …" / "Cannot find module 'pg'". A package that is
  // installed but misses one of its own dependencies names that one instead: not ours to explain.
  return typeof message !== 'string' || message.includes(`'${pkg}'`) || message.includes(`"${pkg}"`);
}

/**
 * At startup: the issue when `pkg` is not installed, else `undefined` (also when this runtime cannot
 * tell synchronously — then `importOptional` reports it on first use).
 */
export function checkInstalled(need: OptionalPackage, resolve: ModuleResolver | undefined = defaultResolver): ConfigIssue | undefined {
  if (!resolve) return undefined;
  try {
    resolve(need.pkg);
    return undefined;
  } catch (error) {
    return isMissingPackage(error, need.pkg) ? missingPackageIssue(need) : undefined;
  }
}

/** `checkInstalled`, thrown: a factory such as `postgresStore()` fails where the app calls it. */
export function assertInstalled(need: OptionalPackage, resolve?: ModuleResolver): void {
  const issue = checkInstalled(need, resolve);
  if (issue) throw new ConfigError([issue]);
}

/**
 * Loads an optional package with `load` (a thunk that imports it by a literal name); a missing package is a
 * `ConfigError` naming it, any other failure is rethrown as it is.
 */
export async function importOptional<T>(need: OptionalPackage, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, need.pkg)) throw new ConfigError([missingPackageIssue(need)]);
    throw error;
  }
}
