import { Alert, Badge, Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { actualsQuery } from './api.ts';
import { BADGE_TEXT, formatHours, formatMoney } from './format.ts';
import { ACTUAL_KIND_LABELS, actualsOf } from './report-view.ts';
import type { DrillTarget } from './PlanVsActual.tsx';
import { formatDay } from '../../lib/days.ts';

/** The drill-down: the approved weeks, expenses, cost items and milestones behind one figure of the table. */
export function ActualsModal(props: { missionId: string; currency: string; target: DrillTarget; onClose: () => void }) {
  const { target } = props;
  const actuals = useQuery(
    actualsQuery(props.missionId, { planItemId: target.row?.planItemId ?? null, month: target.month, currency: props.currency }),
  );
  const shown = actuals.data ? actualsOf(actuals.data, target.row) : [];
  return (
    <Modal opened onClose={props.onClose} size="xl" title={`Behind the figures: ${target.label}`}>
      {actuals.isPending && <Loader aria-label="Loading the approved weeks and expenses" />}
      {actuals.isError && (
        <Alert color="red" role="alert" title="The approved weeks and expenses could not be loaded">
          {actuals.error.message}
        </Alert>
      )}
      {actuals.data && shown.length === 0 && <Text c="dimmed">No approved weeks or counted expenses behind this figure.</Text>}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Approved weeks and expenses" data-testid="money-actuals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">Week or day</Table.Th>
                <Table.Th scope="col" ta="right">
                  Hours
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Cost
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Revenue
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((actual) => (
                <Table.Tr key={`${actual.kind}:${actual.id}`}>
                  <Table.Td>
                    <Badge variant="light" color={actual.kind === 'timesheet' ? 'green' : 'blue'} c={BADGE_TEXT}>
                      {ACTUAL_KIND_LABELS[actual.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{actual.personName ?? '—'}</Table.Td>
                  <Table.Td>{formatDay(actual.date)}</Table.Td>
                  <Table.Td ta="right">{actual.kind === 'timesheet' ? formatHours(actual.hours) : '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(actual.cost, props.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(actual.revenue, props.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
