/** The public face of this module: other modules and the app import from here, never from its files. */
export { filesRoutes } from './files.routes.ts';
export { storageUsage } from './files.queries.ts';
export { contentDisposition, fileLinkValid, linkRefused, sendFileBytes, signFileLink } from './files.serve.ts';
export { discard, receiveUpload, storeTemp, type ReceivedFile } from './files.upload.ts';
