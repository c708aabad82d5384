import { COMMENT_MESSAGES } from '../comments/comments.ts';
import { FILE_MESSAGES } from '../files/files.ts';
import type { ErrorEntry } from './entry.ts';

const NOT_AN_IMAGE = 'Please upload a PNG, JPEG, GIF or WebP image.';

export const FILE_ERRORS = {
  // Files
  fileNotFound: { code: 'file/not-found', status: 404, message: 'Sorry that file was not found. It may have been deleted.' },
  fileRefused: { code: 'file/forbidden', status: 403, message: 'You do not have permission to do this.' },
  fileContentMissing: { code: 'file/content-missing', status: 404, message: 'Sorry the contents of this file are missing.' },
  fileLinkInvalid: { code: 'file/link-invalid', status: 403, message: 'This file link is not valid or has expired.' },
  fileTooLarge: { code: 'LIMIT_FILE_SIZE', status: 413, message: (limitMb: number) => FILE_MESSAGES.fileTooLarge(limitMb) },
  tooManyFiles: { code: 'LIMIT_FILE', status: 400, message: (count: number) => FILE_MESSAGES.tooManyFiles(count) },
  noFiles: { code: 'file/missing', status: 400, message: 'Send the files as multipart form data.' },
  // Images (avatars and logos)
  imageTooLarge: { code: 'file/too-large', status: 413, message: 'Individual file limit of 5MB exceeded.' },
  notAnImage: { code: 'file/unsupported-type', status: 400, message: NOT_AN_IMAGE },
  imageNotMultipart: {
    code: 'file/missing',
    status: 400,
    message: (field: string) => `Send the image as multipart form data in the field ${field}.`,
  },
  imageFieldMissing: { code: 'file/missing', status: 400, message: (field: string) => `Send the image in the field ${field}.` },
  // Chat
  commentNotFound: { code: 'comment/not-found', status: 404, message: 'Sorry that message was not found. It may have been deleted.' },
  commentEmpty: { code: 'comment/empty', status: 400, message: COMMENT_MESSAGES.emptyText, fields: { text: 'Empty' } },
  commentUnknownTopic: {
    code: 'comment/unknown-topic',
    status: 400,
    message: COMMENT_MESSAGES.unknownTopic,
    fields: { topic: 'Not a subtask of this task' },
  },
  commentUnknownReply: {
    code: 'comment/unknown-reply',
    status: 400,
    message: COMMENT_MESSAGES.unknownReply,
    fields: { replyTo: 'Not in this chat' },
  },
  commentMayNotPost: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.mayNotPost },
  commentNotAuthor: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.onlyAuthorEdits },
  commentMayNotDelete: { code: 'comment/forbidden', status: 403, message: COMMENT_MESSAGES.mayNotDelete },
} as const satisfies Record<string, ErrorEntry>;
