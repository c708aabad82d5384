import { describe, expect, it } from 'vitest';
import type { FileDto } from '@crewplan/domain/files/files';
import { ApiError } from '../../lib/api-error.ts';
import {
  closeTargetOf,
  markOpenedFromApp,
  rootNameMatches,
  siblingOf,
  siblingsOf,
  openedFromAppFor,
  uploadErrorMessage,
} from './file-rules.ts';

describe('upload error texts (spec 3 §8)', () => {
  it.each([
    [new ApiError(413, 'LIMIT_FILE_SIZE', 'Individual file limit of 25MB exceeded.'), 'Individual file limit of 25MB exceeded.'],
    [new ApiError(400, 'LIMIT_FILE', 'Upload limit of 10 files at a time exceeded.'), 'Upload limit of 10 files at a time exceeded.'],
    [
      new ApiError(413, 'http/413', 'Request Entity Too Large'),
      'Total file size too large to upload. Make sure your internet connection allows it.',
    ],
    [new ApiError(502, 'http/502', 'Bad Gateway'), 'Failed to upload the files. If this issue persists please contact us.'],
    [new ApiError(0, 'network', 'offline'), 'Failed to upload the files. If this issue persists please contact us.'],
    [new ApiError(403, 'task/forbidden', 'You do not have permission to do this.'), 'You do not have permission to do this.'],
    [new Error('boom'), 'Failed to upload the files. If this issue persists please contact us.'],
  ])('%s → %s', (error, text) => {
    expect(uploadErrorMessage(error)).toBe(text);
  });
});

describe('closing the viewer (rule 254)', () => {
  it.each([
    [{ attachedTo: 'action.items', attachedToId: 't1', attachedToMissionId: 'm1' } as const, '/home?mission=m1&action-item=t1'],
    [{ attachedTo: 'missions', attachedToId: 'm1', attachedToMissionId: 'm1' } as const, '/home?mission=m1'],
    [undefined, '/home'],
  ])('%j → %s', (file, target) => {
    expect(closeTargetOf(file)).toBe(target);
  });
});

describe('stepping through files', () => {
  const files = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
  it.each([
    ['a', 1, 'b'],
    ['c', 1, 'a'],
    ['a', -1, 'c'],
    ['b', -1, 'a'],
  ] as const)('from %s by %d → %s', (from, step, to) => {
    expect(siblingOf(files, from, step)?._id).toBe(to);
  });

  it('has nowhere to go alone or when the file is not among them', () => {
    expect(siblingOf([{ _id: 'a' }], 'a', 1)).toBeNull();
    expect(siblingOf(files, 'x', 1)).toBeNull();
  });

  it('keeps the files attached to the same thing', () => {
    const all = [
      { _id: '1', attachedTo: 'action.items', attachedToId: 't1' },
      { _id: '2', attachedTo: 'missions', attachedToId: 'm1' },
      { _id: '3', attachedTo: 'action.items', attachedToId: 't1' },
      { _id: '4', attachedTo: 'action.items', attachedToId: 't2' },
    ] as FileDto[];
    expect(siblingsOf(all[0]!, all).map((f) => f._id)).toEqual(['1', '3']);
    expect(siblingsOf(all[1]!, all).map((f) => f._id)).toEqual(['2']);
  });
});

describe('root mode', () => {
  it('needs the exact name', () => {
    expect(rootNameMatches({ name: 'a b.png' }, 'a b.png')).toBe(true);
    expect(rootNameMatches({ name: 'a b.png' }, 'other.png')).toBe(false);
  });

  it('is off for the file the app opened the viewer on, however often it is asked', () => {
    expect(openedFromAppFor('a')).toBe(false);
    markOpenedFromApp('a');
    expect(openedFromAppFor('a')).toBe(true);
    expect(openedFromAppFor('a')).toBe(true);
    expect(openedFromAppFor('b')).toBe(false);
    markOpenedFromApp('b');
    expect(openedFromAppFor('a')).toBe(false);
  });
});
