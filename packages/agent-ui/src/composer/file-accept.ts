/**
 * Whether `file` matches an `accept` string as used by `<input type="file">`: comma-separated MIME
 * types (`image/png`), wildcards (`image/*`) and extensions (`.pdf`). An empty `accept` takes all.
 */
export function fileMatchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return name.endsWith(entry);
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
      return type === entry;
    });
}

/** Reads a file as a data URL (what the AI SDK sends for `FileUIPart.url`). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
