/**
 * The token of the mailed invite link a page was opened from (`?from=invite|orgInvite&token=…`): a sign-up from it
 * sends it along, and gets no verification mail (rule 140).
 */
export function inviteTokenOf(params: URLSearchParams): { token?: string } {
  const token = params.get('token');
  const from = params.get('from');
  return token && (from === 'invite' || from === 'orgInvite') ? { token } : {};
}
