import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFeatureSlots } from '../../lib/feature-slots.tsx';
import type { Mission } from './api.ts';
import { Baselines } from './Baselines.tsx';
import { KpiList } from './KpiList.tsx';
import { formatDay } from '../../lib/days.ts';
import { STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from './mission-rules.ts';
import { SectionTagList } from './SectionTagList.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Paper>
  );
}

/** The mission at a glance: dates, status, free slots, section tags, KPIs, baselines and project files. */
export function OverviewTab({ mission }: { mission: Mission }) {
  const slots = mission.freeSlots;
  const canEdit = mission.abilities['mission.update'];
  const { MissionFiles } = useFeatureSlots();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Start">
          <Text data-testid="overview-start">{formatDay(mission.planStartDate)}</Text>
        </Fact>
        <Fact label="End">
          <Text data-testid="overview-end">{formatDay(mission.planEndDate)}</Text>
        </Fact>
        <Fact label="Status">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[mission.displayStatus]} variant="light">
              {STATUS_LABELS[mission.displayStatus]}
            </Badge>
            <Text size="sm" c="dimmed">
              {TYPE_LABELS[mission.projectType]}
            </Text>
          </Group>
        </Fact>
        <Fact label="Free slots">
          <Text data-testid="free-slots">
            {slots.unlimited ? 'Unlimited (licensed)' : `${Math.min(slots.used, slots.limit)} of ${slots.limit} used`}
          </Text>
        </Fact>
      </SimpleGrid>
      {mission.datesRepaired && (
        <Text size="sm" c="dimmed">
          The plan dates were missing or inverted and have been repaired.
        </Text>
      )}
      <section aria-labelledby="section-tags-title">
        <Title order={2} size="h4" id="section-tags-title" mb="xs">
          Sections
        </Title>
        <SectionTagList mission={mission} canEdit={canEdit} />
      </section>
      <section aria-labelledby="kpis-title">
        <Title order={2} size="h4" id="kpis-title" mb="xs">
          KPIs
        </Title>
        <KpiList mission={mission} canEdit={canEdit} />
      </section>
      <section aria-labelledby="baselines-title">
        <Title order={2} size="h4" id="baselines-title" mb="xs">
          Baselines
        </Title>
        <Baselines mission={mission} canEdit={canEdit} />
      </section>
      {MissionFiles && <MissionFiles missionId={mission._id} />}
    </Stack>
  );
}
