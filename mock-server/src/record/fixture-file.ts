import { readFile, writeFile } from 'node:fs/promises';
import { parseFixture, stringifyFixture, type Fixture } from './fixture.js';

/** Reads and checks a fixture file; a missing, corrupted or future-version file throws a `FixtureError` naming it. */
export async function loadFixture(path: string): Promise<Fixture> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return parseFixture(undefined, `${path} (cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseFixture(text, path);
}

/** Checks a fixture (a `FixtureError` names `path` and the problem; nothing is written) and writes it as stable JSON (sorted keys, two-space indentation). */
export async function saveFixture(path: string, fixture: Fixture | unknown): Promise<void> {
  await writeFile(path, stringifyFixture(parseFixture(fixture, path)));
}
