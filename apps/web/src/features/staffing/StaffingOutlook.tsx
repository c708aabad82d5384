import '@mantine/charts/styles.css';
import { Modal, Tabs, Text } from '@mantine/core';
import type { Mission } from '@crewplan/domain/missions/mission';
import { hasStaffedRole, outlookRoles } from './outlook-rules.ts';
import { WeeklyHours } from './WeeklyHours.tsx';
import { WhatIf } from './WhatIf.tsx';

/**
 * The mission's staffing outlook (spec 3 §7 AI): the weekly planned vs available hours of its roles, and what would
 * happen to each person's load and to the finish if the mission moved or roles changed hands. Nothing here saves.
 */
export function StaffingOutlook({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const roles = outlookRoles(mission);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Staffing outlook"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close the staffing outlook' }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        Worked out from everyone&apos;s bookings, contracts and leave across the organisation.
      </Text>
      <Tabs defaultValue="weeks" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="weeks">Weekly hours</Tabs.Tab>
          <Tabs.Tab value="what-if">What if</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="weeks">
          {hasStaffedRole(roles) ? (
            <WeeklyHours missionId={mission._id} />
          ) : (
            <Text size="sm" data-testid="outlook-empty">
              No role of this project has a person yet. Give the plan&apos;s roles to people to see their weekly hours.
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="what-if">
          <WhatIf mission={mission} roles={roles} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
