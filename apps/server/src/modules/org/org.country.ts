import type { RecordOrgWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';

/**
 * Told, in the organisation's transaction, that its country (the country of its public holidays) changed. The
 * invoices module registers here (the reverse charge of its drafts depends on it): the organisation does not import
 * the invoices module, which reaches the organisation through others.
 */
export type OrgCountryChangedHandler = (
  tx: Tx,
  org: { id: string; holidayCountryCode: string | null },
  record: RecordOrgWrite,
) => Promise<void>;

let handler: OrgCountryChangedHandler | null = null;

/** The one registration point for changes of an organisation's country. */
export function onOrgCountryChanged(next: OrgCountryChangedHandler | null): void {
  handler = next;
}

/** Hands a change of an organisation's country to the registered handler, if any. */
export async function orgCountryChanged(...args: Parameters<OrgCountryChangedHandler>): Promise<void> {
  if (handler) await handler(...args);
}
