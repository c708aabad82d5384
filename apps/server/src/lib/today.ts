/** Today as a calendar day (UTC). */
export const todayIso = () => new Date().toISOString().slice(0, 10);
