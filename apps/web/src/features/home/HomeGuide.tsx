import { Anchor, List, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { WEIGHT, WEIGHT_TERMS } from '@crewplan/domain/home/weight';
import { AfterPaint } from '../../lib/after-paint.ts';

/** The guide link of home: what the three modes show and how the day's tasks are weighed. */
export function HomeGuide() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        Guide
      </Anchor>
      <AfterPaint>
        <Modal opened={opened} onClose={close} title="How home works" size="lg">
          <Text size="sm" mb="sm">
            Work AI shows the few cards that matter today: your mission invites first, then your heaviest tasks. Task master lists every
            task you work on or manage across missions, with filters; pin the ones you want on top, and hover a task to mark it done. Do AI
            ranks your next actions and says why each one is there.
          </Text>
          <Text size="sm" fw={600}>
            How a task is weighed
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              {WEIGHT.base} by default, {WEIGHT.thisWeek} when planned for this week, {WEIGHT.dueToday} when due today, {WEIGHT.endedToday}{' '}
              when it ends today.
            </List.Item>
            <List.Item>+{WEIGHT.client} when the mission has a client.</List.Item>
            <List.Item>
              +{WEIGHT_TERMS.latePerDay} per day late (at most +{WEIGHT_TERMS.lateMax}); +{WEIGHT_TERMS.slipped} when its end date slipped
              before.
            </List.Item>
            <List.Item>+1 or +2 for complex tasks; +1 per extra person sharing it (at most +{WEIGHT_TERMS.peopleMax}).</List.Item>
            <List.Item>
              Critical tasks count {WEIGHT.criticalFactor} times; tasks more than {WEIGHT.horizonDays} days out wait.
            </List.Item>
          </List>
        </Modal>
      </AfterPaint>
    </>
  );
}
