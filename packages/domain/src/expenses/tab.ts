// Kept free of the currency list: the board and the organisation area ask it without loading that.
/**
 * Rule 184 (and 185): the Expenses tab (board and organisation) shows only for organisations with an Unlimited
 * subscription whose invoicing is not disabled; on the board, when some organisation of the person is such.
 */
export const expensesTabShown = (orgs: readonly { isLicensedActive: boolean; invoicingDisabled: boolean }[]) =>
  orgs.some((org) => org.isLicensedActive && !org.invoicingDisabled);
