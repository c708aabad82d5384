import { useState } from 'react';
import type { Mission } from '@crewplan/domain/missions/mission';
import { PeopleList } from '../../components/people/PeopleList.tsx';
import { useProfile } from '../../lib/profile.ts';
import { removeTeamPerson } from './api.ts';
import { InviteCard } from './InviteCard.tsx';
import { personSummaryOf, visibleTeam } from './team-rules.ts';
import { useTeamLive } from './useTeamLive.ts';

/** Avatars of the team in the mission header, with the add trigger that opens the invite card. */
export function TeamHeader({ mission }: { mission: Mission }) {
  const [inviting, setInviting] = useState(false);
  const selfId = useProfile().data?._id ?? null;
  useTeamLive(mission._id);
  const people = visibleTeam(mission.people).map((person) => personSummaryOf(person, mission.isTemplate));
  const mayRemove = mission.abilities['team.remove'];
  return (
    <>
      <PeopleList
        people={people}
        size="sm"
        selfId={selfId}
        onAdd={mission.abilities['mission.invite'] ? () => setInviting(true) : undefined}
        removerFor={(person) =>
          mayRemove || person.id === selfId ? () => removeTeamPerson(mission._id, person.id, person.id === selfId) : undefined
        }
      />
      <InviteCard mission={mission} opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
