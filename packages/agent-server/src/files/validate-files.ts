import { checkKnownKeys, isObject, isPositiveInt, type IssueList } from '../config/config-checks.js';

const KEYS = ['store', 'maxFileBytes', 'mediaTypes', 'urlTtlSeconds', 'orphanTtlMs', 'sweepIntervalMs'];
const MEDIA_PATTERN = /^([\w.+-]+\/([\w.+-]+|\*)|\*\/\*)$/;

/** Problems of `config.files` (added to `list`). */
export function checkFiles(list: IssueList, files: unknown): void {
  if (files === undefined) return;
  if (!isObject(files)) return list.add('files', 'must be { store, maxFileBytes?, mediaTypes?, urlTtlSeconds?, orphanTtlMs?, sweepIntervalMs? }');
  checkKnownKeys(list, 'files', files, KEYS);
  const store = files.store;
  if (!isObject(store) || !['put', 'get', 'delete', 'list'].every((name) => typeof store[name] === 'function')) {
    list.add('files.store', 'must be a BlobStore (fileSystemBlobStore({ dir }), await s3BlobStore({ client, bucket }) or your own: put, get, delete, list)');
  }
  for (const key of ['maxFileBytes', 'urlTtlSeconds', 'orphanTtlMs', 'sweepIntervalMs']) {
    if (files[key] !== undefined && !isPositiveInt(files[key])) list.add(`files.${key}`, 'must be a positive integer');
  }
  const types = files.mediaTypes;
  if (types !== undefined) {
    if (!Array.isArray(types) || types.length === 0) list.add('files.mediaTypes', 'must be a non-empty array of media types like "image/*" or "application/pdf"');
    else
      types.forEach((type, i) => {
        if (typeof type !== 'string' || !MEDIA_PATTERN.test(type)) list.add(`files.mediaTypes[${i}]`, 'must be a media type like "image/png" or "image/*"');
      });
  }
}
