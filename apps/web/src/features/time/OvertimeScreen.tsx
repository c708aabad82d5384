import './styles.ts';
import { Fragment } from 'react';
import { Alert, Group, Loader, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTimeZone } from '../../lib/time-zone.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { orgNamesQuery, overtimeQuery } from './api.ts';
import { localToday } from './week.ts';
import { OVERTIME_PERIOD_TYPES, overtimeMissionName, overtimePeriod, overtimePersonName, type OvertimePeriodType } from './overtime.ts';

const TYPE_LABELS: Record<OvertimePeriodType, string> = { week: 'Week', month: 'Month', custom: 'Custom' };
const MODE_LABELS = { day: 'a day', week: 'a week' } as const;

/** The overtime report of the organisation area (`otPeriodStart`, `otPeriodEnd`, `otPeriodType`): approved hours beyond the threshold. */
export function OvertimeScreen() {
  const timeZone = useTimeZone();
  const { params } = useUrl();
  const orgId = params.get('org') ?? '';
  const period = overtimePeriod(params.get('otPeriodStart'), params.get('otPeriodEnd'), params.get('otPeriodType'), localToday(timeZone));
  const report = useQuery({ ...overtimeQuery(orgId, period.start, period.end), enabled: Boolean(orgId) });
  const names = useQuery({ ...orgNamesQuery(orgId), enabled: Boolean(orgId) });
  const close = () => setParams({ otPeriodStart: null, otPeriodEnd: null, otPeriodType: null });
  const change = (start: string, end: string, type: OvertimePeriodType) => {
    const next = overtimePeriod(start, end, type, localToday(timeZone));
    setParams({ otPeriodStart: next.start, otPeriodEnd: next.end, otPeriodType: next.type }, { replace: true });
  };
  const person = (id: string, reported: string | null) => overtimePersonName(names.data?.people, id, reported);
  const mission = (id: string, reported: string | null) => overtimeMissionName(names.data?.missions, id, reported);

  return (
    <Modal
      opened
      onClose={close}
      title="Overtime report"
      size="min(60rem, 96vw)"
      zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close the overtime report' }}
    >
      <Stack gap="md">
        <Group align="end" gap="sm">
          <SegmentedControl
            aria-label="Period"
            data={OVERTIME_PERIOD_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={period.type}
            onChange={(type) => change(period.start, period.end, type as OvertimePeriodType)}
          />
          <TextInput
            type="date"
            label="From (Monday)"
            value={period.start}
            onChange={(event) => event.currentTarget.value && change(event.currentTarget.value, period.end, period.type)}
          />
          <TextInput
            type="date"
            label="To"
            value={period.end}
            readOnly={period.type !== 'custom'}
            onChange={(event) => event.currentTarget.value && change(period.start, event.currentTarget.value, 'custom')}
          />
        </Group>
        {report.isPending && <Loader aria-label="Loading the overtime report" />}
        {report.isError && (
          <Alert color="red" role="alert">
            {report.error.message}
          </Alert>
        )}
        {report.data &&
          (report.data.people.length === 0 ? (
            <Text c="dimmed">No approved hours in this period.</Text>
          ) : (
            <Table withTableBorder aria-label="Overtime per person and mission">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person · mission</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Approved hours
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Overtime hours
                  </Table.Th>
                  <Table.Th scope="col">Threshold</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.people.map((row) => (
                  <Fragment key={row.person}>
                    <Table.Tr aria-label={person(row.person, row.name)}>
                      <Table.Th scope="row">{person(row.person, row.name)}</Table.Th>
                      <Table.Td ta="right">{row.hours}</Table.Td>
                      <Table.Td ta="right" fw={700} data-testid="overtime-hours">
                        {row.overtimeHours}
                      </Table.Td>
                      <Table.Td>
                        after {row.after} h {MODE_LABELS[row.mode]}
                      </Table.Td>
                    </Table.Tr>
                    {row.missions.map((part) => (
                      <Table.Tr key={part.mission} aria-label={`${person(row.person, row.name)} on ${mission(part.mission, part.title)}`}>
                        <Table.Td pl="xl">
                          <Text size="sm" c="dimmed" span>
                            {mission(part.mission, part.title)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{part.hours}</Table.Td>
                        <Table.Td ta="right">{part.overtimeHours}</Table.Td>
                        <Table.Td>
                          after {part.after} h {MODE_LABELS[part.mode]}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          ))}
      </Stack>
    </Modal>
  );
}
