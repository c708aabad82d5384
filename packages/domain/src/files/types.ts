/** File kinds by extension (spec 3 §9) and how the viewer shows each file (rule 252). */

export const FILE_TYPE_GROUPS = ['image', 'rawImage', 'video', 'archive', 'audio', 'font', 'document', 'code'] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

const EXTENSIONS: Record<FileTypeGroup, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'avif', 'svg', 'tif', 'tiff', 'heic'],
  rawImage: ['raw', 'cr2', 'cr3', 'nef', 'arw', 'dng', 'orf', 'rw2', 'raf', 'psd'],
  video: ['mp4', 'webm', 'mov', 'mkv', 'avi', 'm4v', 'ogv', 'wmv'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus', 'weba'],
  font: ['ttf', 'otf', 'woff', 'woff2', 'eot'],
  document: ['pdf', 'txt', 'md', 'rtf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'ods', 'csv', 'ppt', 'pptx', 'odp', 'log'],
  code: [
    'js',
    'mjs',
    'cjs',
    'ts',
    'tsx',
    'jsx',
    'json',
    'html',
    'htm',
    'css',
    'scss',
    'xml',
    'yml',
    'yaml',
    'py',
    'rb',
    'java',
    'c',
    'h',
    'cpp',
    'hpp',
    'cs',
    'go',
    'rs',
    'php',
    'sh',
    'sql',
    'swift',
    'kt',
    'ini',
    'toml',
  ],
};

/** Spreadsheet mime types (spec 3 §9: excel, xlsx, csv). */
export const SPREADSHEET_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;

/** The lower-case extension of a file name, '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The group a file name belongs to by its extension; null when the extension is not one of them. */
export function fileTypeGroupOf(name: string): FileTypeGroup | null {
  const extension = extensionOf(name);
  return FILE_TYPE_GROUPS.find((group) => EXTENSIONS[group].includes(extension)) ?? null;
}

export const isSpreadsheetMime = (mimetype: string) => (SPREADSHEET_MIME_TYPES as readonly string[]).includes(mimetype);

export type ViewerKind = 'image' | 'text' | 'pdf' | 'audio' | 'video' | 'unsupported';

/** Images the browser draws itself (SVG is left out: it can carry scripts). */
const VIEWABLE_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif', 'image/x-icon'];
const PLAYABLE_AUDIO = [
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/mp4',
  'audio/aac',
  'audio/flac',
  'audio/x-flac',
  'audio/webm',
  'audio/opus',
];
const PLAYABLE_VIDEO = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'];

/**
 * How the viewer shows a file, from the type the server sniffed: images, audio, video and PDF as themselves; text
 * (documents and code saved as plain text) in a text view; anything else is 'unsupported' (rule 252).
 */
export function viewerKindOf(mimetype: string): ViewerKind {
  if (VIEWABLE_IMAGES.includes(mimetype)) return 'image';
  if (mimetype === 'application/pdf') return 'pdf';
  if (PLAYABLE_AUDIO.includes(mimetype)) return 'audio';
  if (PLAYABLE_VIDEO.includes(mimetype)) return 'video';
  if (mimetype === 'text/plain') return 'text';
  return 'unsupported';
}

/** Extensions a browser would run or render as a page: always served as a download, whatever their bytes. */
const ACTIVE_EXTENSIONS = ['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'js', 'mjs', 'cjs', 'swf'];

/**
 * Whether the server may send a file inline (to be shown in the viewer): only when the viewer shows its kind and its
 * name is not one a browser would run; everything else is sent as an attachment.
 */
export function servedInline(name: string, mimetype: string): boolean {
  return viewerKindOf(mimetype) !== 'unsupported' && !ACTIVE_EXTENSIONS.includes(extensionOf(name));
}
