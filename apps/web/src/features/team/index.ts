/** A mission's people: the team tab, the header's team strip, invitations. */
export { TeamHeader } from './TeamHeader.tsx';
export { TeamTab } from './TeamTab.tsx';
