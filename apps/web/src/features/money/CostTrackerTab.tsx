import './styles.ts';
import { Alert, Badge, EmptyState, Loader, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { setParams } from '../../lib/url-state.ts';
import { useCostTracker, type CostTrackerRow } from './api.ts';
import { BADGE_TEXT, DANGER, exactMoney, formatMoney } from './format.ts';
import { byRisk, RISK_COLORS, RISK_LABELS, riskLevel, trackerNotice } from './report-view.ts';

const Amount = ({ value, currency, danger }: { value: number | null; currency: string; danger?: boolean }) => (
  <Tooltip label={exactMoney(value, currency)}>
    <Text span size="sm" c={danger ? DANGER : undefined}>
      {formatMoney(value, currency)}
    </Text>
  </Tooltip>
);

/** Board › Cost tracker: the missions I manage with budget, spent, remaining, forecast and margin, riskiest first. */
export function CostTrackerTab() {
  const tracker = useCostTracker();
  if (tracker.isPending) return <Loader aria-label="Loading the cost tracker" />;
  if (tracker.isError)
    return (
      <Alert color="red" role="alert" title="The cost tracker could not be loaded">
        {tracker.error.message}
      </Alert>
    );
  if (tracker.data.length === 0)
    return (
      <EmptyState
        icon={<IconCoins size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="Cost tracker"
        description="Missions you manage will appear here with their budget, spending, forecast and margin."
      />
    );
  const open = (row: CostTrackerRow) => setParams({ 'budget-bar': row.missionId, 'budget-tab': null, 'budget-currency': null });
  // missions with money in a currency that has no exchange rate into theirs: listed, their spending not counted
  const notice = trackerNotice(tracker.data);
  return (
    <>
      {notice && (
        <Alert color="yellow" role="status" title="Some missions are not counted" mb="md">
          {notice}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={820}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Cost tracker" data-testid="cost-tracker">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Mission</Table.Th>
              <Table.Th scope="col">Risk</Table.Th>
              <Table.Th scope="col" ta="right">
                Budget
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Spent
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Remaining
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Forecast at completion
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Margin
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byRisk(tracker.data).map((row) => {
              const level = riskLevel(row);
              return (
                <Table.Tr key={row.missionId} style={{ cursor: 'pointer' }} onClick={() => open(row)} aria-label={row.title}>
                  <Table.Td>
                    <UnstyledButton
                      fw={500}
                      td="underline"
                      onClick={(event) => {
                        event.stopPropagation();
                        open(row);
                      }}
                    >
                      {row.title}
                    </UnstyledButton>
                    <Text size="xs" c="dimmed">
                      {row.currency}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.unconverted ? 'gray' : RISK_COLORS[level]} c={BADGE_TEXT}>
                      {row.unconverted ? `No ${row.unconverted} rate` : RISK_LABELS[level]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {row.budget === null ? (
                      <Text span size="sm" c="dimmed">
                        No budget
                      </Text>
                    ) : (
                      <Amount value={row.budget} currency={row.currency} />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount value={row.spent} currency={row.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount value={row.remaining} currency={row.currency} danger={row.remaining !== null && row.remaining < 0} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount value={row.forecastAtCompletion} currency={row.currency} danger={level === 'over'} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Amount value={row.margin} currency={row.currency} danger={row.margin !== null && row.margin < 0} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
