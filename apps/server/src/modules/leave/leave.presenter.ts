import {
  measuredInHours,
  roundHours,
  seesLeaveReason,
  type LeaveAway,
  type LeaveCode,
  type LeaveRequestView,
  type PersonRef,
} from '@crewplan/domain';
import type { leaveAttachments, leaveRequests, people } from '../../db/schema/index.ts';
import { avatarUrl } from '../people/index.ts';

export type LeaveRow = typeof leaveRequests.$inferSelect;
export type PersonRow = Pick<typeof people.$inferSelect, 'id' | 'firstName' | 'lastName' | 'avatarVersion'>;
export type AttachmentRow = typeof leaveAttachments.$inferSelect;

export const personRefOf = (person: PersonRow): PersonRef => ({
  _id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  avatar: avatarUrl(person),
});

/** Where an attachment's bytes are read (a signed address), when the view offers it. */
export type AttachmentAddress = (leave: LeaveRow, fileId: string) => string | null;

/** Who looks at requests: the person, and whether they approve the leave of an organisation (hidden reasons). */
export type LeaveViewer = { personId: string; approvesOrg: (orgId: string) => boolean };

/**
 * A request as its person, its reviewers and the organisation's admins see it. Where its code hides the reason, a
 * viewer who may not see it sees neither the code nor what would tell it: the comment, the attachments (a
 * medical certificate names the illness) and what the other reviewers wrote when they decided.
 */
export function presentLeave(
  row: LeaveRow,
  person: PersonRow,
  codes: readonly LeaveCode[],
  viewer: LeaveViewer,
  attachments: readonly AttachmentRow[] = [],
  address: AttachmentAddress = () => null,
): LeaveRequestView {
  const found = codes.find((entry) => entry.id === row.codeId);
  const own = row.personId === viewer.personId || row.createdBy === viewer.personId;
  const shown = seesLeaveReason(found, { own, orgApprover: viewer.approvesOrg(row.orgId) });
  const code = shown ? found : undefined;
  return {
    _id: row.id,
    org: row.orgId,
    person: personRefOf(person),
    reason: shown ? row.codeId : null,
    code: code ? { id: code.id, code: code.code, description: code.description, measuredInHours: measuredInHours(code) } : null,
    dates: row.dates,
    hours: row.days,
    // rows written before totals were rounded may hold float noise
    totalHours: roundHours(row.totalHours),
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    comment: shown ? row.comment : '',
    attachments: attachments
      .filter((file) => shown && file.leaveId === row.id)
      .map((file) => ({ _id: file.id, name: file.name, size: file.size, type: file.type, url: address(row, file.id) })),
    createdBy: row.createdBy,
    reviews: shown ? row.reviews : row.reviews.map((review) => (review.by === viewer.personId ? review : { ...review, comment: '' })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What team mates see: that the person is away on those days, never why. */
export const presentAway = (row: LeaveRow, person: PersonRow): LeaveAway => ({
  person: personRefOf(person),
  startDate: row.startDate,
  endDate: row.endDate,
  days: row.days.map((day) => day.date),
});

export const presentCode = (code: LeaveCode) => ({
  id: code.id,
  code: code.code,
  description: code.description,
  fixed: code.fixed,
  isProjectLevel: code.isProjectLevel,
  minHours: code.minHours,
  maxHours: code.maxHours,
  allowHalfDays: code.allowHalfDays,
  timesPerYear: code.timesPerYear,
  hideReason: code.hideReason,
  measuredInHours: measuredInHours(code),
});
