// `@x/agent-core/files`: uploads to a server's blob store (`@x/agent-react`'s README, "File uploads"),
// in their own entry so chat apps that send files inline do not load them.
export { uploadFile, type UploadFileOptions } from './upload-file.js';
