import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBlobStore } from '../testing/blob-store-suite.js';
import { fileSystemBlobStore } from './fs-blob-store.js';

const dir = mkdtempSync(join(tmpdir(), 'xkit-blobs-'));
describeBlobStore('fileSystemBlobStore', () => fileSystemBlobStore({ dir }), { close: () => rmSync(dir, { recursive: true, force: true }) });
