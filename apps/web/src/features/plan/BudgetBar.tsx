import type { CSSProperties } from 'react';
import { Paper, Progress, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Mission } from '@crewplan/domain/missions/mission';
import { missionMoneyQuery } from '../money/index.ts';
import { budgetShare } from './plan-rules.ts';

const amount = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/**
 * The plan's budget bar: the planned cost of the mission's money report (the budget view's figure, in the mission's
 * currency) against the budget available. Only for who sees the mission's money; while the report is read (or when it
 * cannot be) it shows no figure rather than a wrong one.
 */
export function BudgetBar({ mission, style }: { mission: Mission; style?: CSSProperties }) {
  const report = useQuery({ ...missionMoneyQuery(mission._id, null), enabled: mission.abilities['money.read'] });
  const budget = budgetShare(report.data?.total.plannedCost ?? null, mission.budgetAvailable);
  const currency = report.data?.currency ?? mission.currency;
  return (
    <Paper withBorder p="sm" id="plan-budget-bar" style={style}>
      <Title order={3} size="h6" mb="xs">
        Budget
      </Title>
      <Text size="sm" mb={4} data-testid="budget-text" aria-busy={report.isPending}>
        Planned {budget.planned === null ? '…' : `${amount(budget.planned)} ${currency}`}
        {budget.available !== null ? ` of ${amount(budget.available)} ${mission.currency} available` : ' (no budget set)'}
        {budget.percent !== null ? ` (${budget.percent}%)` : ''}
      </Text>
      {report.isError && (
        <Text size="xs" c="dimmed">
          The planned cost could not be read.
        </Text>
      )}
      {budget.percent !== null && (
        <Progress value={Math.min(budget.percent, 100)} color={budget.over ? 'red' : 'blue'} aria-label="Planned share of the budget" />
      )}
    </Paper>
  );
}
