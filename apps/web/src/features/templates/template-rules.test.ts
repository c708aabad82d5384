import { describe, expect, it } from 'vitest';
import { NONE_VALUE, keptText, pickableTemplates, pickerData, sharingChange } from './template-rules.ts';

const template = (id: string, title: string, org: string | null, proposal = false, items = 1) => ({
  _id: id,
  title,
  isPrivate: org === null,
  org,
  isProposalTemplate: proposal,
  dataPlanItems: Array.from({ length: items }, () => ({})),
});

const all = [
  template('p1', 'Personal plan', null),
  template('o1', 'Acme rollout', 'acme'),
  template('o2', 'Other org plan', 'other'),
  template('x1', 'Acme proposal', 'acme', true),
];

describe('template picker', () => {
  it('lists personal templates and those of the mission organisation, sorted by title', () => {
    expect(pickableTemplates(all, 'acme', false).map((t) => t._id)).toEqual(['o1', 'p1']);
  });
  it('lists only personal ones for a personal mission', () => {
    expect(pickableTemplates(all, null, false).map((t) => t._id)).toEqual(['p1']);
  });
  it('lists proposal templates for proposals only', () => {
    expect(pickableTemplates(all, 'acme', true).map((t) => t._id)).toEqual(['x1']);
  });
  it("starts with 'None' and groups the rest with their plan sizes", () => {
    const data = pickerData([template('o1', 'Acme rollout', 'acme', false, 3), template('p1', 'Mine', null, false, 1)]);
    expect(data[0]).toEqual({ value: NONE_VALUE, label: 'None' });
    expect(data[1]).toEqual({ group: 'Organisation', items: [{ value: 'o1', label: 'Acme rollout (3 plan items)' }] });
    expect(data[2]).toEqual({ group: 'Personal', items: [{ value: 'p1', label: 'Mine (1 plan item)' }] });
  });
  it("has only 'None' without templates", () => {
    expect(pickerData([])).toEqual([{ value: NONE_VALUE, label: 'None' }]);
  });
});

describe('sharing', () => {
  it('personal templates have no organisation', () => {
    expect(sharingChange(true, 'acme')).toEqual({ isPrivate: true, org: null });
    expect(sharingChange(false, null)).toEqual({ isPrivate: true, org: null });
    expect(sharingChange(false, 'acme')).toEqual({ isPrivate: false, org: 'acme' });
  });
});

describe('save as template', () => {
  it('says how many plan items are kept', () => {
    expect(keptText(1)).toBe('1 plan item is kept, with its dates relative to the project start.');
    expect(keptText(0)).toBe('0 plan items are kept, with their dates relative to the project start.');
  });
});
