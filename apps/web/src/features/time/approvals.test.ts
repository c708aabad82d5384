import { unparse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import { EXPORT_CSV_CONFIG, exportLines, type Names } from './approvals.ts';
import { testTimesheet } from './test-timesheet.ts';

describe('the export of the board’s weeks (CSV)', () => {
  const names: Names = { people: new Map([['p', '=HYPERLINK("http://x","Ann")']]), missions: new Map([['m', '+Launch']]) };

  it('keeps as text a name, a role or a task a spreadsheet would run as a formula; hours stay numbers', () => {
    const sheet = testTimesheet({
      status: 'approved',
      form: 'task',
      snapshot: { roleTitle: '@Lead' },
      dailyHours: [1.5, 0, 0, 0, 0, 0, 0],
      actionItems: [{ _id: 'a', title: '-2+3', days: '1.5,0,0,0,0,0,0', hours: [1.5, 0, 0, 0, 0, 0, 0] }],
    });
    const [header, line] = unparse(exportLines([sheet], names), EXPORT_CSV_CONFIG).split('\r\n');
    expect(header).toBe('person,mission,role,task,date,hours,status');
    expect(line).toBe(`"'=HYPERLINK(""http://x"",""Ann"")","'+Launch","'@Lead","'-2+3",2026-11-23,1.5,approved`);
  });
});
