import { addIsoDays, mondayOf } from '@crewplan/domain';
import { buildTestApp } from './app.ts';
import { createMissionWorld, setOrg } from './missions-world.ts';

/** The weeks timesheet tests keep hours in, counted from this week's Monday. */
export const today = new Date().toISOString().slice(0, 10);
export const thisWeek = mondayOf(today);
/** A Monday n weeks before this week. */
export const weeksAgo = (n: number) => addIsoDays(thisWeek, -7 * n);
/** A role (and its mission) long enough to hold every week a test uses. */
export const ROLE_DATES = { startDate: addIsoDays(thisWeek, -1000), endDate: addIsoDays(thisWeek, 70) };
export const MISSION_DATES = { planStartDate: ROLE_DATES.startDate, planEndDate: ROLE_DATES.endDate };
/** Five 8-hour days. */
export const WEEK = [8, 8, 8, 8, 8, 0, 0];

/** The test app and a mission world whose organisation keeps time (licensed). */
export async function timeTrackingWorld() {
  const t = await buildTestApp();
  const world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
  return { t, world };
}
