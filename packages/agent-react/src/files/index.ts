// `@x/agent-react/files`: uploads to a server's blob store (README "File uploads"), in their own
// entry so chat apps that send files inline do not load them.
export { uploadFile, type UploadFileOptions } from './upload-file.js';

