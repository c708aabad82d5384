import type { OrgLevel } from '../org/levels.ts';

/** Subscription statuses (rule 199); `not_setup` is an organisation without a paid subscription. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'not_setup',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Whether a paid subscription in this status licenses the organisation (rule 181: "an active subscription"). A
 * renewal that failed (`past_due`) keeps the licence while the provider retries; `unpaid`, `canceled` and the
 * incomplete ones do not.
 */
export function subscriptionLicenses(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/** The seat kinds priced per month (rule 200). */
export const SEAT_KINDS = ['admins', 'managers', 'members'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
export type SeatCounts = Record<SeatKind, number>;

/** Rule 200, in US cents per month: admins 12.99, managers 9.99, members 3.99; the AI add-on 8.99. */
export const SEAT_PRICES_MINOR: Record<SeatKind, number> = { admins: 1299, managers: 999, members: 399 };
export const AI_ADDON_PRICE_MINOR = 899;
export const BILLING_CURRENCY = 'USD';

export const SEAT_LABELS: Record<SeatKind, string> = { admins: 'Admins', managers: 'Managers', members: 'Members' };

/**
 * The seat kind a level pays as, or null when it is not counted: limited organisation observers are not billed
 * (spec 2 §6); organisation observers pay the member seat (the spec prices only admins, managers and members).
 */
export function seatKindOf(level: OrgLevel): SeatKind | null {
  switch (level) {
    case 'ADMIN':
      return 'admins';
    case 'MANAGER':
    case 'MANAGER_LIMITED':
      return 'managers';
    case 'MEMBER':
    case 'OBSERVER_ORG':
      return 'members';
    case 'OBSERVER_ORG_LIMITED':
      return null;
  }
}

/** Counts the seats of the organisation's current people by their level. */
export function countSeats(levels: readonly OrgLevel[]): SeatCounts {
  const counts: SeatCounts = { admins: 0, managers: 0, members: 0 };
  for (const level of levels) {
    const kind = seatKindOf(level);
    if (kind) counts[kind] += 1;
  }
  return counts;
}

export type PriceLine = { kind: SeatKind | 'ai'; label: string; quantity: number; unitMinor: number; amountMinor: number };
export type SeatPrice = { lines: PriceLine[]; totalMinor: number; currency: typeof BILLING_CURRENCY };

/** The monthly price of the seats (and the AI add-on when taken), line by line, in integer cents. */
export function priceSeats(seats: SeatCounts, aiAddon: boolean): SeatPrice {
  const lines: PriceLine[] = SEAT_KINDS.map((kind) => ({
    kind,
    label: SEAT_LABELS[kind],
    quantity: seats[kind],
    unitMinor: SEAT_PRICES_MINOR[kind],
    amountMinor: seats[kind] * SEAT_PRICES_MINOR[kind],
  }));
  if (aiAddon)
    lines.push({ kind: 'ai', label: 'AI add-on', quantity: 1, unitMinor: AI_ADDON_PRICE_MINOR, amountMinor: AI_ADDON_PRICE_MINOR });
  return { lines, totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0), currency: BILLING_CURRENCY };
}

/** Bytes in decimal gigabytes (base 1000, rule of spec 2 §9), to two decimals. */
export function decimalGigabytes(bytes: number): number {
  return Math.round(bytes / 1e7) / 100;
}
