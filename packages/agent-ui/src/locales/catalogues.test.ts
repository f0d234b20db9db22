import { readdirSync, readFileSync } from 'node:fs';
import { catalogueTypeSource } from '../../scripts/locale-loaders.js';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../test-utils/catalogue-check.js';
import type { Catalogue } from './catalogue.js';
import { CATALOGUE_LOADERS } from './catalogue-loaders.js';
import en_US from './en_US.js';
import * as entry from './index.js';
import { CATALOGUE_CODES, catalogueCodeForTag, type CatalogueCode } from './locale-codes.js';

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((file) => /^[a-z]{2,3}_[A-Z]{2}\.ts$/u.test(file))
  .map((file) => file.slice(0, -3))
  .sort();

const load = async (code: string): Promise<Catalogue> => (code === 'en_US' ? en_US : (await CATALOGUE_LOADERS[code as CatalogueCode]!()).default);

describe('catalogue files', () => {
  it('are named after antd locales, each has a loader and is in the locales entry (scripts/locale-loaders.ts writes both)', () => {
    expect(files.filter((code) => !(CATALOGUE_CODES as readonly string[]).includes(code))).toEqual([]);
    expect(Object.keys(CATALOGUE_LOADERS).sort()).toEqual(files.filter((code) => code !== 'en_US'));
    // The @x/agent-ui/locales entry names every one.
    expect(Object.keys(entry).filter((name) => /^[a-z]{2,3}_[A-Z]{2}$/u.test(name)).sort()).toEqual(files);
  });

  it('are typed by the Catalogue interface written from en_US (scripts/locale-loaders.ts)', () => {
    expect(readFileSync(`${dir}/catalogue.ts`, 'utf8')).toBe(catalogueTypeSource(en_US));
  });

  it('exist for every locale antd ships', () => {
    expect(CATALOGUE_CODES.filter((code) => !files.includes(code))).toEqual([]);
  });

  // One case per file present: every key of en_US, the same placeholders in every message, plurals with
  // `other` and only the categories Intl.PluralRules knows for the locale, and its own BCP 47 tag.
  it.each(files)('%s has every key and placeholder of en_US', async (code) => {
    const catalogue = await load(code);
    expect(catalogueCodeForTag(catalogue.locale), `locale: '${catalogue.locale}' is not the tag of ${code}`).toBe(code as CatalogueCode);
    expect(catalogueProblems(en_US, catalogue, catalogue.locale)).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  const broken = structuredClone(en_US) as unknown as Record<string, Record<string, unknown>>;
  delete broken.chat!.newChat;
  broken.composer!.fileTooLarge = '“{file}” is larger than {maxSize}.';
  broken.tools!.itemCount = '{count, plural, one {# item} few {# items}}';
  broken.queue!.queued = '{count, plural, one {# queued} few {# queued} other {# queued}}';
  broken.approval!.title = 'Allow {tool to run?';
  broken.message!.feedbackReasons = ['Only one'];
  broken.chat!.extra = 'Not in English';

  it('finds a missing key, a lost or added placeholder, a plural without other or with a foreign category, a malformed message', () => {
    expect(catalogueProblems(en_US, broken, 'en-US')).toEqual([
      'chat.newChat: missing',
      'chat.extra: not in English',
      'composer.fileTooLarge: placeholder {name} is missing',
      'composer.fileTooLarge: placeholder {file} is not in English',
      'message.feedbackReasons: 1 items where English has 3',
      expect.stringMatching(/^tools\.itemCount: A plural needs an “other” case/u),
      expect.stringMatching(/^approval\.title: /u),
      'queue.queued: plural categories few do not exist in en-US (it has one, other)',
    ]);
  });

  it('accepts the categories of the locale (ru: one, few, many, other)', () => {
    const ru = structuredClone(en_US) as unknown as Record<string, Record<string, unknown>>;
    ru.queue!.queued = '{count, plural, =0 {Пусто.} one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}}';
    expect(catalogueProblems(en_US, ru, 'ru-RU')).toEqual([]);
  });
});
