import { eq } from 'drizzle-orm';
import { dayIn, isTimeZone } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { people } from '../../db/schema/index.ts';

/**
 * The day it is at `now` for the person: in the time zone of their profile, else in `fallbackZone` (UTC unless the
 * caller needs another: a person's week, the week they join in, their Home are their calendar's, far east or west of
 * UTC too).
 */
export async function personToday(db: Db | Tx, personId: string, now: Date, fallbackZone = 'UTC'): Promise<string> {
  const [row] = await db.select({ timezone: people.timezone }).from(people).where(eq(people.id, personId));
  const zone = row?.timezone;
  return dayIn(now, isTimeZone(zone) ? zone : fallbackZone);
}
