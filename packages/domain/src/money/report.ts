import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { currencySchema, dateSchema } from '../shared/inputs.ts';

/**
 * What the money screens are served (issue Money items 3, 6, 7). The server computes every figure; the web only
 * shows them. Amounts are in major units (two decimals) of `currency`, computed from integer minor units; hours are
 * decimal hours computed from whole minutes.
 */

/** A calendar month, YYYY-MM. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Invalid month');

/** Planned, approved and money figures of one row (a role, a month, a mission or a total). */
export const moneyFiguresSchema = z.object({
  plannedHours: z.number(),
  approvedHours: z.number(),
  plannedCost: z.number(),
  actualCost: z.number(),
  plannedRevenue: z.number(),
  actualRevenue: z.number(),
  /** Actual revenue minus actual cost. */
  margin: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

/** One plan item (a role, a cost item, a milestone) with its figures per month and in total. */
export const moneyRowSchema = z.object({
  planItemId: idSchema.nullable(),
  kind: z.enum(['person', 'cost', 'milestone', 'expenses']),
  title: z.string(),
  personName: z.string().nullable(),
  /** Organisation report only: the mission of the row (one row per mission, titled by it, `planItemId` null). */
  missionId: idSchema.optional(),
  missionTitle: z.string().optional(),
  months: z.record(monthSchema, moneyFiguresSchema),
  total: moneyFiguresSchema,
});
export type MoneyRow = z.infer<typeof moneyRowSchema>;

/** Earned value at `asOf`: planned value, earned value, actual cost, the two indices and the estimate at completion. */
export const earnedValueSchema = z.object({
  asOf: dateSchema,
  pv: z.number(),
  ev: z.number(),
  ac: z.number(),
  cpi: z.number().nullable(),
  spi: z.number().nullable(),
  eac: z.number().nullable(),
});

/** Cumulative planned value, earned value and actual cost at the end of each month, for the burn chart. */
export const burnPointSchema = z.object({ month: monthSchema, pv: z.number(), ev: z.number(), ac: z.number() });

/** `GET /api/money/mission/:missionId` and `GET /api/money/org/:orgId/report` (one program or portfolio). */
export const moneyReportSchema = z.object({
  /** The currency every amount is shown in (the viewer's choice, else the mission's or organisation's). */
  currency: currencySchema,
  budget: z.number().nullable(),
  billable: z.boolean(),
  months: z.array(monthSchema),
  rows: z.array(moneyRowSchema),
  total: moneyFiguresSchema,
  earnedValue: earnedValueSchema,
  burn: z.array(burnPointSchema),
  /**
   * Organisation report only: the missions whose money cannot be shown in `currency` (no exchange rate for their
   * currency), left out of the rows and totals rather than taken 1:1.
   */
  unconverted: z.array(z.object({ missionId: idSchema, title: z.string(), currency: currencySchema })).optional(),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

export const moneyReportQuerySchema = z.object({
  currency: currencySchema.optional(),
  /** Organisation report only: one program, else every mission of the organisation (the portfolio). */
  programId: idSchema.optional(),
});

/** `GET /api/money/mission/:missionId/actuals`: the approved weeks and counted expenses behind a figure. */
export const moneyActualsQuerySchema = z.object({
  planItemId: idSchema.optional(),
  month: monthSchema.optional(),
  currency: currencySchema.optional(),
});
export const moneyActualSchema = z.object({
  kind: z.enum(['timesheet', 'expense', 'cost', 'milestone']),
  id: idSchema,
  planItemId: idSchema.nullable(),
  personName: z.string().nullable(),
  /** The week start (timesheet) or the day (expense, cost item, milestone). */
  date: dateSchema,
  hours: z.number(),
  cost: z.number(),
  revenue: z.number(),
});
export type MoneyActual = z.infer<typeof moneyActualSchema>;

/**
 * `GET /api/money/project-manager/cost-tracker`: the board's Cost tracker tab, riskiest first. Amounts are in the
 * mission's currency; spent, remaining, forecast, margin and risk are null when some of its money cannot be converted
 * into it (`unconverted`).
 */
export const costTrackerRowSchema = z.object({
  missionId: idSchema,
  title: z.string(),
  currency: currencySchema,
  budget: z.number().nullable(),
  spent: z.number().nullable(),
  remaining: z.number().nullable(),
  forecastAtCompletion: z.number().nullable(),
  margin: z.number().nullable(),
  /** Forecast at completion over budget (1 = on budget); null without a budget. Sorted by it, highest first. */
  risk: z.number().nullable(),
  /**
   * Only on a mission with money booked in a currency that has no exchange rate into its own (approved before the
   * mission changed currency): that currency. Its money is then not counted rather than taken 1:1.
   */
  unconverted: currencySchema.optional(),
});
export type CostTrackerRow = z.infer<typeof costTrackerRowSchema>;
