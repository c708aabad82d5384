import type { AuditAction, AuditEntity } from '@crewplan/domain/org/audit';

const VERBS: Record<AuditAction, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  archive: 'archived',
  restore: 'restored',
  invite: 'invited',
  accept: 'accepted',
  reject: 'rejected',
  remove: 'removed',
  schedule: 'scheduled the leaving of',
};

const NOUNS: Record<AuditEntity, string> = {
  orgs: 'the organisation',
  'org.people': 'person',
  roles: 'role',
  departments: 'department',
  offices: 'office',
  programs: 'program',
  goals: 'goal',
  clients: 'client',
  'client.orders': 'order',
  'org.invites': 'the invite of',
  'org.apiKeys': 'API key',
  timesheets: 'timesheet',
};

/** One audit line without its date: "Ada Owner created department Design", "Max accepted the invite of max@…". */
export function auditLine(event: { action: AuditAction; entity: AuditEntity; actorName: string; title: string }): string {
  const noun = event.action === 'invite' || event.action === 'schedule' ? '' : NOUNS[event.entity];
  return [event.actorName, VERBS[event.action], noun, event.title].filter(Boolean).join(' ');
}
