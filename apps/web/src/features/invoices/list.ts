/**
 * What a new draft is created with: its order and project, and the day it is issued on the person's own calendar
 * (the server, left to choose, would take the UTC day: yesterday in the far east in the morning, tomorrow in the far
 * west in the evening).
 */
export const newDraftPayload = (orderId: string | null, missionId: string | null, now = new Date()) => ({
  orderId,
  missionId,
  issueDate: `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`,
});

/** The projects an invoice to `clientId` may bill, as the server allows: the client's own and those of no client. */
export const projectsOfClient = <M extends { client: string | null }>(missions: readonly M[], clientId: string | null): M[] =>
  clientId ? missions.filter((mission) => mission.client === null || mission.client === clientId) : [];

type Page<I> = { invoices: I[]; total: number };

/** Where the next page of the invoice list starts (after those loaded), or undefined once all are loaded. */
export const nextPageOffset = (last: Page<unknown>, lastOffset: number): number | undefined => {
  const next = lastOffset + last.invoices.length;
  return last.invoices.length > 0 && next < last.total ? next : undefined;
};

/** The loaded pages as one list, each invoice once: one made while paging moves the later pages on by one. */
export const invoicesOfPages = <I extends { _id: string }>(pages: readonly Page<I>[]): I[] => [
  ...new Map(pages.flatMap((page) => page.invoices).map((invoice) => [invoice._id, invoice])).values(),
];
