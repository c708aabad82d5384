import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, fileAbilitiesOf, fileNameSchema, fileRoleOf, fileViewerPath } from './files.ts';
import { formatFileSize, formatStorageGb, formatUploadDate, uploadTimeLabel } from './labels.ts';
import { extensionOf, fileTypeGroupOf, isSpreadsheetMime, servedInline, viewerKindOf } from './types.ts';

describe('file role and abilities (spec 3 §6)', () => {
  it.each([
    [true, false, 'OWNER', true, true],
    [true, true, 'OWNER', true, true],
    [false, true, 'WRITER', true, true],
    [false, false, 'READER', false, false],
  ] as const)('uploader %s, may write %s → %s', (uploadedByCaller, mayWriteAttached, role, canDelete, canUpdate) => {
    expect(fileRoleOf({ uploadedByCaller, mayWriteAttached })).toBe(role);
    expect(fileAbilitiesOf(role)).toEqual({ delete: canDelete, update: canUpdate });
  });

  it('never deletes in root mode', () => {
    expect(fileAbilitiesOf('OWNER', true).delete).toBe(false);
    expect(fileAbilitiesOf('WRITER', true).delete).toBe(false);
  });
});

describe('upload texts (messages rows 111–118)', () => {
  it('fill in the limits', () => {
    expect(FILE_MESSAGES.fileTooLarge(25)).toBe('Individual file limit of 25MB exceeded.');
    expect(FILE_MESSAGES.tooManyFiles(10)).toBe('Upload limit of 10 files at a time exceeded.');
  });
});

describe('file names', () => {
  it.each([
    ['report.pdf', true],
    ['  spaced name.txt  ', true],
    ['', false],
    ['a/b.txt', false],
    ['a\\b.txt', false],
    ['..', false],
    ['x'.repeat(256), false],
  ])('%j valid: %s', (name, valid) => {
    expect(fileNameSchema.safeParse(name).success).toBe(valid);
  });

  it('viewer path encodes the name', () => {
    expect(fileViewerPath({ _id: 'abc', name: 'my file #1.png' })).toBe('/drive/d/abc/my%20file%20%231.png');
  });
});

describe('file type groups by extension (spec 3 §9)', () => {
  it.each([
    ['photo.JPG', 'image'],
    ['shot.cr2', 'rawImage'],
    ['clip.mp4', 'video'],
    ['backup.tar', 'archive'],
    ['song.mp3', 'audio'],
    ['font.woff2', 'font'],
    ['plan.docx', 'document'],
    ['data.csv', 'document'],
    ['main.ts', 'code'],
    ['README', null],
    ['file.unknownext', null],
  ])('%s → %s', (name, group) => {
    expect(fileTypeGroupOf(name)).toBe(group);
  });

  it.each([
    ['archive.tar.gz', 'gz'],
    ['.bashrc', ''],
    ['trailing.', ''],
    ['noext', ''],
  ])('extension of %s is %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });

  it.each([
    ['application/vnd.ms-excel', true],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', true],
    ['text/csv', true],
    ['text/plain', false],
  ])('spreadsheet mime %s: %s', (mime, spreadsheet) => {
    expect(isSpreadsheetMime(mime)).toBe(spreadsheet);
  });
});

describe('viewer kind and inline serving (rule 252)', () => {
  it.each([
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['image/svg+xml', 'unsupported'],
    ['application/pdf', 'pdf'],
    ['audio/mpeg', 'audio'],
    ['video/mp4', 'video'],
    ['text/plain', 'text'],
    ['application/zip', 'unsupported'],
    ['application/octet-stream', 'unsupported'],
  ] as const)('%s → %s', (mime, kind) => {
    expect(viewerKindOf(mime)).toBe(kind);
  });

  it.each([
    ['photo.png', 'image/png', true],
    ['notes.txt', 'text/plain', true],
    ['page.html', 'text/plain', false],
    ['script.js', 'text/plain', false],
    ['drawing.svg', 'text/plain', false],
    ['evil.html', 'image/png', false],
    ['archive.zip', 'application/zip', false],
    ['doc.pdf', 'application/pdf', true],
  ])('%s as %s inline: %s', (name, mime, inline) => {
    expect(servedInline(name, mime)).toBe(inline);
  });
});

describe('upload time label (spec 3 §2: relative within 6 days)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-09T12:00:00Z', 'yesterday'],
    ['2026-03-07T11:00:00Z', '3 days ago'],
    ['2026-03-04T12:00:00Z', '6 days ago'],
    ['2026-03-04T11:59:00Z', 'Mar 4, 2026 11:59 AM'],
    ['2025-12-25T00:05:00Z', 'Dec 25, 2025 12:05 AM'],
    ['2026-03-11T12:00:00Z', 'Mar 11, 2026 12:00 PM'],
  ])('%s → %s', (createdAt, label) => {
    expect(uploadTimeLabel(createdAt, now, 'UTC')).toBe(label);
  });

  it('formats in the given time zone', () => {
    expect(formatUploadDate(new Date('2026-01-01T23:30:00Z'), 'America/New_York')).toBe('Jan 1, 2026 6:30 PM');
  });
});

describe('sizes (decimal units) and storage in GB (spec 3 §9)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1500, '1.5 KB'],
    [25_000_000, '25 MB'],
    [123_456_789, '123 MB'],
    [1_200_000_000, '1.2 GB'],
    [999_499, '999 KB'],
    [999_999, '1 MB'],
    [999_999_999, '1 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([
    [0, '0 GB'],
    [1_500_000_000, '1.5 GB'],
    [1_073_741_824, '1.07 GB'],
    [5_000_000, '0.005 GB'],
    [250_000_000_000, '250 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatStorageGb(bytes)).toBe(text);
  });
});
