import type { Mission, MissionPerson } from '@crewplan/domain/missions/mission';
import type { PersonSummary } from '../../components/people/people-rules.ts';
import type { TaskViewer } from './task-rules.ts';

/** A team person as the people widgets show them. */
export function personSummaryOf(person: MissionPerson): PersonSummary {
  return {
    id: person._id,
    name: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email,
    avatar: person.ref.avatar,
    email: person.email,
    role: person.customRole ?? person.role,
    state: person.state,
    country: person.country,
    timezone: person.timezone,
    pending: person.invitePending,
  };
}

/** People who can work on tasks (permission below 3, rule 94), by id. */
export function taskPeopleOf(mission: Pick<Mission, 'people'>): Map<string, PersonSummary> {
  return new Map(mission.people.filter((person) => person.permission < 3).map((person) => [person._id, personSummaryOf(person)]));
}

/** Every person of the mission by id (assignees who left still show their name). */
export function everyoneOf(mission: Pick<Mission, 'people'>): Map<string, PersonSummary> {
  return new Map(mission.people.map((person) => [person._id, personSummaryOf(person)]));
}

/** The viewer of a mission's tasks. */
export function taskViewerOf(mission: Pick<Mission, 'permission' | 'isProjectManager' | 'abilities'>, personId: string | null): TaskViewer {
  return { personId, permission: mission.permission, isProjectManager: mission.isProjectManager, abilities: mission.abilities };
}
