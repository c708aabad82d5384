import { describe, expect, it } from 'vitest';
import { historySentence, type HistoryEvent } from './history-text.ts';

const event = (partial: Partial<HistoryEvent>): HistoryEvent => ({
  action: 'update',
  entity: 'action.items',
  title: 'Sitemap',
  actorName: 'Dana',
  ...partial,
});
const change = (field: string, from: unknown, to: unknown) => ({ changes: { [field]: { from, to } } });

describe('historySentence: a history line in words', () => {
  it.each<[string, Partial<HistoryEvent>, string]>([
    ['task completed', change('status', 'open', 'done'), "Dana completed 'Sitemap'"],
    [
      'task completed with its bookkeeping',
      {
        changes: {
          status: { from: 'open', to: 'done' },
          completedBy: { from: null, to: 'p1' },
          completedOn: { from: null, to: '2026-11-25T10:00:00Z' },
          percentComplete: { from: 0, to: 100 },
        },
      },
      "Dana completed 'Sitemap'",
    ],
    ['task reopened', change('status', 'done', 'open'), "Dana reopened 'Sitemap'"],
    ['task blocked', change('status', 'open', 'blocked'), "Dana marked 'Sitemap' as blocked"],
    ['task started', change('status', 'open', 'in-progress'), "Dana started 'Sitemap'"],
    ['task for review', change('status', 'in-progress', 'review'), "Dana sent 'Sitemap' for review"],
    ['task back to open', change('status', 'in-progress', 'open'), "Dana set 'Sitemap' back to open"],
    ['task renamed', { title: 'B', ...change('title', 'A', 'B') }, "Dana renamed the task 'A' to 'B'"],
    ['task people', change('people', [], ['p1']), "Dana changed the people on 'Sitemap'"],
    [
      'task due date',
      change('dueDate', null, '2026-12-01'),
      "Dana changed the due date of the task 'Sitemap' from nothing to '2026-12-01'",
    ],
    ['task moved', change('actionId', 'a1', 'a2'), "Dana changed the action of the task 'Sitemap'"],
    [
      'task several',
      { changes: { startDate: { from: 1, to: 2 }, endDate: { from: 1, to: 2 } } },
      "Dana changed the start and end of the task 'Sitemap'",
    ],
    [
      'three fields',
      { changes: { title: { from: 'a', to: 'b' }, dueDate: { from: 1, to: 2 }, estimatedDuration: { from: 1, to: 2 } } },
      "Dana changed the title, due date and estimated hours of the task 'Sitemap'",
    ],
    ['task added', { action: 'create', changes: { actionId: { from: null, to: 'a' } } }, "Dana added the task 'Sitemap'"],
    ['task copied', { action: 'create', changes: { copyOf: { from: null, to: 'x' } } }, "Dana copied a task as 'Sitemap'"],
    ['task deleted', { action: 'delete', changes: {} }, "Dana deleted the task 'Sitemap'"],
    ['action completed', { entity: 'actions', title: 'Launch', ...change('status', 'open', 'done') }, "Dana completed 'Launch'"],
    [
      'mission renamed',
      { entity: 'missions', title: 'Apollo relaunch', ...change('title', 'Apollo launch', 'Apollo relaunch') },
      "Dana renamed the mission 'Apollo launch' to 'Apollo relaunch'",
    ],
    [
      'mission end',
      { entity: 'missions', title: 'Apollo', ...change('planEndDate', '2026-01-01', '2026-02-01') },
      "Dana changed the end of the mission 'Apollo' from '2026-01-01' to '2026-02-01'",
    ],
    [
      'billable reads the right way',
      { entity: 'missions', title: 'A', ...change('notBillable', false, true) },
      "Dana changed the billable of the mission 'A' from yes to no",
    ],
    [
      'overtime mode',
      { entity: 'missions', title: 'A', ...change('overTimeAfterDayOrWeek', null, 'week') },
      "Dana changed the overtime period of the mission 'A' from nothing to 'week'",
    ],
    [
      'structured value',
      { entity: 'missions', title: 'A', ...change('theme', null, { dark: true }) },
      "Dana changed the theme of the mission 'A'",
    ],
    [
      'unknown field in words',
      { entity: 'missions', title: 'A', ...change('overTimeAfter', 8, 10) },
      "Dana changed the over time after of the mission 'A' from 8 to 10",
    ],
    ['section added', { action: 'create', entity: 'section.tags', title: 'Design', changes: {} }, "Dana added the section 'Design'"],
    ['kpi deleted', { action: 'delete', entity: 'kpis', title: 'Margin' }, "Dana deleted the KPI 'Margin'"],
    ['checklist ticked', { entity: 'checklist', title: 'Logo', ...change('done', false, true) }, "Dana ticked the checklist item 'Logo'"],
    ['invite', { action: 'invite', entity: 'mission.invites', title: 'max@example.com' }, "Dana invited 'max@example.com'"],
    [
      'invite accepted',
      { action: 'accept', entity: 'org.invites', title: 'max@example.com', actorName: 'Max' },
      "Max accepted the invite of 'max@example.com'",
    ],
    [
      'org department',
      { action: 'create', entity: 'departments', title: 'Design', actorName: 'Ada Owner' },
      "Ada Owner added the department 'Design'",
    ],
    ['org archived', { action: 'archive', entity: 'clients', title: 'Acme' }, "Dana archived the client 'Acme'"],
    [
      'org settings',
      { entity: 'orgs', title: 'Northwind', ...change('currency', 'USD', 'EUR') },
      "Dana changed the currency of the organisation 'Northwind' from 'USD' to 'EUR'",
    ],
    ['leaving scheduled', { action: 'schedule', entity: 'org.people', title: 'Max Member' }, "Dana scheduled the leaving of 'Max Member'"],
    ['no actor name', { actorName: ' ', ...change('status', 'open', 'done') }, "Someone completed 'Sitemap'"],
  ])('%s', (_name, partial, sentence) => {
    expect(historySentence(event(partial))).toBe(sentence);
  });

  it('never shows a raw field name or entity kind', () => {
    const line = historySentence(event({ entity: 'plan.requests', action: 'reject', title: 'Designer' }));
    expect(line).toBe("Dana declined the request for 'Designer'");
    expect(historySentence(event({ entity: 'missions', title: 'A', ...change('planStartDate', '2026-01-01', '2026-01-05') }))).not.toMatch(
      /planStartDate/,
    );
  });
});
