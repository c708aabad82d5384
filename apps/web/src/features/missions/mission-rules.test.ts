import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  confirmsTitle,
  dateChangeSteps,
  deleteAlsoText,
  dateEffectsText,
  datesProblem,
  groupByOrg,
  isOrgObserverLevel,
  licenceErrorText,
  missionLoadError,
  missionTabOf,
  statusNeedsConfirmation,
  tabChangeParams,
  tabOfPart,
  visibleMissionTabs,
  withCachedTasks,
} from './mission-rules.ts';

const tabOf = (query: string, canUpdate: boolean, projectType?: 'simple' | 'kanban' | 'power' | 'mx-gantt') =>
  missionTabOf(new URLSearchParams(query), canUpdate, projectType);

describe('missionTabOf', () => {
  it('opens the asked tab, the overview by default', () => {
    expect(tabOf('mission-tab=team', false)).toBe('team');
    expect(tabOf('mission-tab=history', false)).toBe('history');
    expect(tabOf('', true)).toBe('overview');
    expect(tabOf('mission-tab=power', true)).toBe('overview');
  });

  it('shows settings only to those who may update the mission', () => {
    expect(tabOf('mission-tab=settings', true)).toBe('settings');
    expect(tabOf('mission-tab=settings', false)).toBe('overview');
    expect(visibleMissionTabs(false).map((tab) => tab.value)).toEqual(['overview', 'board', 'plan', 'team', 'history']);
    expect(visibleMissionTabs(true).map((tab) => tab.value)).toEqual(['overview', 'board', 'plan', 'team', 'settings', 'history']);
  });

  it.each([
    ['simple', 'board', ['board']],
    ['kanban', 'board', ['board']],
    ['power', 'power', ['power']],
    ['mx-gantt', 'gantt', ['board', 'gantt']],
  ] as const)('offers a %s project its own work view (%s), a gantt its board too, and no other', (projectType, work, views) => {
    const tabs = visibleMissionTabs(true, projectType).map((tab) => tab.value);
    expect(tabs).toContain(work);
    expect(tabs.filter((tab) => ['board', 'power', 'gantt'].includes(tab))).toEqual(views);
    expect(tabOf(`mission-tab=${work === 'power' ? 'gantt' : 'power'}`, true, projectType)).toBe('overview');
  });

  // spec 1 §2: the parts of the mission view open by their own parameter, without mission-tab
  it.each([
    ['budget-bar', 'simple', 'plan'],
    ['make-week', 'kanban', 'plan'],
    ['make-phase', 'power', 'plan'],
    ['phase=abc', 'mx-gantt', 'plan'],
    ['mission-timeline', 'simple', 'plan'],
    ['powerTab=unscheduled', 'power', 'power'],
    ['powerTab=schedule', 'power', 'power'],
    ['powerTab=unscheduled', 'simple', 'overview'],
    ['action=0123456789abcdef01234567', 'simple', 'board'],
    ['action=0123456789abcdef01234567', 'kanban', 'board'],
    ['action=0123456789abcdef01234567', 'power', 'power'],
    ['action=0123456789abcdef01234567', 'mx-gantt', 'gantt'],
    ['action=', 'simple', 'overview'],
    ['mission-tab=team&budget-bar', 'simple', 'team'],
    ['mission-tab=nonsense&budget-bar', 'simple', 'plan'],
    ['mission-tab=gantt&powerTab=unscheduled', 'power', 'power'],
  ] as const)('?%s on a %s project opens %s', (query, projectType, tab) => {
    expect(tabOf(query, false, projectType)).toBe(tab);
  });

  it('names the tab of a part, or none', () => {
    expect(tabOfPart(new URLSearchParams('budget-bar&powerTab=x'), 'power')).toBe('plan');
    expect(tabOfPart(new URLSearchParams('mission=1'), 'power')).toBeNull();
  });
});

describe('tabChangeParams', () => {
  it('writes the tab and removes the parts of other tabs, so they no longer pull the view back', () => {
    const toOverview = tabChangeParams('overview', 'power');
    expect(toOverview).toMatchObject({ 'mission-tab': null, 'budget-bar': null, powerTab: null, action: null, phase: null });
    const params = new URLSearchParams('mission=m&budget-bar&powerTab=unscheduled&action=a');
    for (const [key, value] of Object.entries(toOverview)) if (value === null) params.delete(key);
    expect(missionTabOf(params, true, 'power')).toBe('overview');
  });

  it('keeps the parts of the tab it goes to', () => {
    expect(tabChangeParams('plan')).toEqual({ 'mission-tab': 'plan', powerTab: null, action: null });
    expect(tabChangeParams('power', 'power')).not.toHaveProperty('powerTab');
    expect(tabChangeParams('power', 'power')).not.toHaveProperty('action');
    expect(tabChangeParams('board', 'kanban')).not.toHaveProperty('action');
    expect(tabChangeParams('board', 'kanban')).toMatchObject({ 'mission-tab': 'board', 'make-week': null, powerTab: null });
  });
});

describe('missionLoadError', () => {
  it('is nothing without an error', () => {
    expect(missionLoadError(null)).toBeNull();
  });

  it('says not found for 404 and for an id that cannot be one (400)', () => {
    const text = 'Sorry that mission was not found and may have been archived or please refresh and try again';
    expect(missionLoadError(new ApiError(404, 'mission/not-found', 'x'))).toEqual({ message: text, autoClose: 5_000 });
    expect(missionLoadError(new ApiError(400, 'validation', 'x'))?.message).toBe(text);
  });

  it('says the load failure for a pending invite and anything else', () => {
    const text =
      'I could not find data for this mission. Please make sure you have accepted the invite or refresh and try again or contact support';
    expect(missionLoadError(new ApiError(403, 'mission/invite-pending', 'x'))?.message).toBe(text);
    expect(missionLoadError(new ApiError(500, 'http/500', 'x'))?.message).toBe(text);
    expect(missionLoadError(new TypeError('Failed to fetch'))?.message).toBe(text);
  });
});

describe('dateChangeSteps', () => {
  const before = { start: '2026-03-02', end: '2026-06-30' };

  it('needs nothing when nothing changed', () => {
    expect(dateChangeSteps(before, { start: '2026-03-02', end: '2026-06-30' })).toEqual({
      changed: false,
      shortensEnd: false,
      movesStart: false,
    });
  });

  it('asks for confirmation only when the end moves earlier', () => {
    expect(dateChangeSteps(before, { start: '2026-03-02', end: '2026-05-31' })).toEqual({
      changed: true,
      shortensEnd: true,
      movesStart: false,
    });
    expect(dateChangeSteps(before, { start: '2026-03-02', end: '2026-07-31' })).toEqual({
      changed: true,
      shortensEnd: false,
      movesStart: false,
    });
  });

  it('asks move-or-shift when the start moves, either way', () => {
    expect(dateChangeSteps(before, { start: '2026-03-09', end: '2026-06-30' }).movesStart).toBe(true);
    expect(dateChangeSteps(before, { start: '2026-02-23', end: '2026-06-30' }).movesStart).toBe(true);
  });

  it('asks both when the start moves and the end shortens', () => {
    expect(dateChangeSteps(before, { start: '2026-03-09', end: '2026-06-01' })).toEqual({
      changed: true,
      shortensEnd: true,
      movesStart: true,
    });
  });

  it('never asks to confirm an end set where there was none', () => {
    expect(dateChangeSteps({ start: null, end: null }, { start: '2026-03-02', end: '2026-06-30' })).toEqual({
      changed: true,
      shortensEnd: false,
      movesStart: true,
    });
  });
});

describe('datesProblem', () => {
  it('needs both days, the end not before the start', () => {
    expect(datesProblem('', '2026-01-01')).toBe('Both dates are needed.');
    expect(datesProblem('2026-02-01', '2026-01-01')).toBe('The end cannot be before the start.');
    expect(datesProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});

describe('dateEffectsText', () => {
  it('says what moved, what returned to the planning board, and a pushed start', () => {
    expect(
      dateEffectsText({ moved: { actionItems: 2, actions: 1, planItems: 0 }, cleared: { actionItems: 1 }, startPushedForward: true }),
    ).toBe('3 items moved with the plan. 1 task returns to the planning board. The start moved forward 5 days (the shortest shift).');
    expect(
      dateEffectsText({ moved: { actionItems: 0, actions: 0, planItems: 0 }, cleared: { actionItems: 0 }, startPushedForward: false }),
    ).toBeNull();
  });
});

describe('status, title and observer rules', () => {
  it('confirms completing or cancelling only', () => {
    expect(statusNeedsConfirmation('active', 'completed')).toBe(true);
    expect(statusNeedsConfirmation('on-hold', 'cancelled')).toBe(true);
    expect(statusNeedsConfirmation('completed', 'completed')).toBe(false);
    expect(statusNeedsConfirmation('completed', 'active')).toBe(false);
  });

  it('deletes only with the title typed again', () => {
    expect(confirmsTitle('  apollo ', 'Apollo')).toBe(true);
    expect(confirmsTitle('Apol', 'Apollo')).toBe(false);
    expect(confirmsTitle('', '')).toBe(false);
  });

  it.each([
    [{ isTemplate: true, linkedTemplate: null, linkedProject: 'p' }, ', and so does its template; the project it was saved from stays'],
    [{ isTemplate: false, linkedTemplate: 't', linkedProject: null }, ', and so does its linked project or template'],
    [{ isTemplate: false, linkedTemplate: null, linkedProject: null }, ''],
  ])('says what else a delete takes: %o', (mission, text) => {
    expect(deleteAlsoText(mission)).toBe(text);
  });

  it('knows the organisation observer levels', () => {
    expect(isOrgObserverLevel('OBSERVER_ORG')).toBe(true);
    expect(isOrgObserverLevel('OBSERVER_ORG_LIMITED')).toBe(true);
    expect(isOrgObserverLevel('MEMBER')).toBe(false);
    expect(isOrgObserverLevel(undefined)).toBe(false);
  });
});

describe('groupByOrg', () => {
  it('groups by organisation title, personal missions last, each by title', () => {
    const groups = groupByOrg(
      [
        { org: null, title: 'Zed' },
        { org: 'b', title: 'Beta two' },
        { org: 'a', title: 'Alpha' },
        { org: 'b', title: 'Beta one' },
      ],
      new Map([
        ['a', 'Acme'],
        ['b', 'Babel'],
      ]),
    );
    expect(groups.map((group) => [group.title, group.missions.map((m) => m.title)])).toEqual([
      ['Acme', ['Alpha']],
      ['Babel', ['Beta one', 'Beta two']],
      ['Personal', ['Zed']],
    ]);
  });

  it('names an organisation I am not a member of by the title its missions carry', () => {
    const groups = groupByOrg([{ org: 'c', orgTitle: 'Client Co', title: 'Observed' }], new Map());
    expect(groups.map((group) => group.title)).toEqual(['Client Co']);
  });
});

describe('licenceErrorText', () => {
  it('asks for an organisation manager when the activation is refused', () => {
    expect(licenceErrorText(new ApiError(403, 'auth/forbidden', 'Forbidden'))).toBe(
      'Ooops. Please ask an organization manager to activate the license.',
    );
    expect(licenceErrorText(new ApiError(400, 'licence/invalid', 'That licence key is not valid.'))).toBe('That licence key is not valid.');
  });
});

describe('withCachedTasks', () => {
  type Cached = { title: string; actions?: unknown[]; actionItems?: unknown[] };
  const tasks = { actions: [{ _id: 'a' }], actionItems: [{ _id: 'i' }] };
  it('keeps the cached actions and action items under a write answer, which carries none', () => {
    expect(withCachedTasks<Cached>({ title: 'Renamed' }, { title: 'Old', ...tasks })).toEqual({ title: 'Renamed', ...tasks });
  });

  it('takes the answer as it is when it carries tasks or nothing is cached', () => {
    const fresh = { title: 'Read', actions: [], actionItems: [] };
    expect(withCachedTasks<Cached>(fresh, { title: 'Old', ...tasks })).toBe(fresh);
    expect(withCachedTasks<Cached>({ title: 'New' }, undefined)).toEqual({ title: 'New' });
  });
});
