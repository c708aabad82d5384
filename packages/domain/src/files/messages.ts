// Apart from the file schemas, so that screens that only show these texts do not load the schema library.
/** The file viewer and upload texts (spec 3 §8, messages rows 111–118), word for word. */
export const FILE_MESSAGES = {
  unsupported: "We're working on this file type!",
  forbidden: 'You do not have the right permissions to view this file.',
  shareFailed: 'Sorry, failed to generate a sharing link.',
  linkCopied: 'Link copied to clipboard!',
  fileTooLarge: (limitMb: number) => `Individual file limit of ${limitMb}MB exceeded.`,
  tooManyFiles: (count: number) => `Upload limit of ${count} files at a time exceeded.`,
  totalTooLarge: 'Total file size too large to upload. Make sure your internet connection allows it.',
  uploadFailed: 'Failed to upload the files. If this issue persists please contact us.',
  downloadFile: 'Download File',
} as const;
