import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SegmentedRadios } from './SegmentedRadios.tsx';

const MODES = [
  { value: 'a', label: 'First' },
  { value: 'b', label: 'Second' },
] as const;

describe('SegmentedRadios', () => {
  it('is a named radio group of labelled native radios, the chosen one checked, all in one group', () => {
    const html = renderToStaticMarkup(<SegmentedRadios label="Mode" data={MODES} value="b" onChange={() => {}} />);
    expect(html).toMatch(/^<div role="radiogroup" aria-label="Mode"/);
    const radios = [...html.matchAll(/<label[^>]*><input type="radio"([^>]*)\/><span[^>]*>([^<]*)<\/span><\/label>/g)];
    expect(radios.map((radio) => radio[2])).toEqual(['First', 'Second']);
    expect(radios.map((radio) => radio[1]!.includes('checked=""'))).toEqual([false, true]);
    const names = radios.map((radio) => /name="([^"]+)"/.exec(radio[1]!)![1]);
    expect(new Set(names).size).toBe(1);
  });
});
