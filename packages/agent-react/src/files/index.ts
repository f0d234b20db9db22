// `@x/agent-react/files`: uploads to a server's blob store (README "File uploads"), in their own
// entry so chat apps that send files inline do not load them. The same exports as `@x/agent-core/files`.
export { uploadFile, type UploadFileOptions } from '@x/agent-core/files';
