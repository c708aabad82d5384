/**
 * Command plumbing shared by every domain: one transaction with the history rows, the mission lock, field diffs,
 * the freshness check, and the realtime change told once the write has committed.
 */
export { changeOf, diffFields, type CommandAction, type CommandEntity, type CommandWrite, type FieldChanges } from './changes.ts';
export { checkFresh, isUniqueViolation, staleEdit } from './fresh.ts';
export { lockMission } from './locks.ts';
export {
  auditActorOf,
  runMissionCommand,
  runMissionsWrite,
  HISTORY_INSERT,
  runOrgCommand,
  type AuditActor,
  type MissionAuditAction,
  type MissionEntity,
  type MissionWrite,
  type OrgWrite,
  type HistoryOfWrites,
  type RecordMissionWrite,
  type RecordOrgWrite,
  type WriteIn,
} from './run.ts';
