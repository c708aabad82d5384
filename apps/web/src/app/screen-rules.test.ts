import { describe, expect, it } from 'vitest';
import { openScreens } from './screen-rules.ts';

const params = (search: string) => new URLSearchParams(search);

describe('openScreens', () => {
  it('opens My Space only for a signed-in person', () => {
    expect(openScreens(params('?myspace=2fa'), true, 'home')).toEqual(['myspace']);
    expect(openScreens(params('?myspace'), false, 'login')).toEqual([]);
  });

  it('opens email links for everyone, but only with their code', () => {
    expect(openScreens(params('?mode=verifyEmail&oobCode=X'), false, 'login')).toEqual(['mode']);
    expect(openScreens(params('?mode=verifyEmail'), true, 'home')).toEqual([]);
  });

  it('shows the login overlay only off the sign-in page and when signed out', () => {
    expect(openScreens(params('?login'), false, 'mailbox')).toEqual(['login']);
    expect(openScreens(params('?login'), false, 'login')).toEqual([]);
    expect(openScreens(params('?login'), true, 'home')).toEqual([]);
  });

  it('opens several screens together', () => {
    expect(openScreens(params('?diagnostic=ab12&myspace'), true, 'home')).toEqual(['myspace', 'diagnostic']);
  });

  it('opens the organisation area and hq for a signed-in person, the invite link for everyone', () => {
    expect(openScreens(params('?org=0123456789abcdef01234567&hq'), true, 'home')).toEqual(['org', 'hq']);
    expect(openScreens(params('?org=0123456789abcdef01234567'), false, 'login')).toEqual([]);
    expect(openScreens(params('?from=orgInvite&token=abc'), false, 'login')).toEqual(['from']);
    expect(openScreens(params('?from=orgInvite'), true, 'home')).toEqual([]);
  });

  it('opens the mission view and one creation dialog, whichever creation parameters are set', () => {
    expect(openScreens(params('?mission=0123456789abcdef01234567&mission-tab=team'), true, 'home')).toEqual(['mission']);
    expect(openScreens(params('?mission=0123456789abcdef01234567'), false, 'login')).toEqual([]);
    expect(openScreens(params('?mc'), true, 'home')).toEqual(['mc']);
    expect(openScreens(params('?mc-org=a&mc-client=b'), true, 'board')).toEqual(['mc-org']);
    expect(openScreens(params('?mc-client=b&create-proposal'), true, 'home')).toEqual(['mc-client']);
    expect(openScreens(params('?create-mission=task'), true, 'home')).toEqual(['create-mission']);
    expect(openScreens(params('?create-proposal'), true, 'home')).toEqual(['create-proposal']);
  });

  it('opens my timesheets for a signed-in person, and the overtime report over the organisation area only', () => {
    expect(openScreens(params('?time-tracking&week=1763942400000'), true, 'home')).toEqual(['time-tracking']);
    expect(openScreens(params('?time-tracking'), false, 'login')).toEqual([]);
    expect(openScreens(params('?org=0123456789abcdef01234567&otPeriodStart=2026-11-16'), true, 'home')).toEqual(['org', 'otPeriodStart']);
    expect(openScreens(params('?otPeriodStart=2026-11-16'), true, 'home')).toEqual([]);
  });
});
