import { numeric, timestamp, varchar } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids.ts';

/** Primary key: 24 lowercase hex characters. */
export const idColumn = () => varchar('id', { length: 24 }).primaryKey().$defaultFn(newId);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Hours (quarter hours and finer), stored exactly as given and read back as a number; never whole-hour integers. */
export const hoursColumn = (name: string) => numeric(name, { mode: 'number' });
