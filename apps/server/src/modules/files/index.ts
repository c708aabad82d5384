/** The public face of this module: other modules and the app import from here, never from its files. */
export { filesRoutes } from './files.routes.ts';
export { discard, readTemp, receiveUpload, type ReceivedFile } from './files.upload.ts';
export { fileLinkValid, linkRefused, sendFileBytes, signFileLink } from './files.serve.ts';
