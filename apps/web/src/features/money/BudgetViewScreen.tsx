import './styles.ts';
import { useState } from 'react';
import { Alert, Button, CloseButton, Container, Loader, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMissionLive } from '../../lib/mission-query.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { ScreenTop } from '../../components/ScreenTop.tsx';
import { ActualsModal } from './ActualsModal.tsx';
import { missionMoneyQuery, missionQuery } from './api.ts';
import { CurrencyPicker, escapeCloses } from './CurrencyPicker.tsx';
import { FlashRow } from './FlashRow.tsx';
import { MissionTimesheets } from './MissionTimesheets.tsx';
import { PlanVsActual, type DrillTarget } from './PlanVsActual.tsx';

const TABS = [
  { value: 'plan', label: 'Plan vs actual' },
  { value: 'timesheets', label: 'Timesheets' },
] as const;
type BudgetTab = (typeof TABS)[number]['value'];
const tabOf = (param: string | null): BudgetTab => (param === 'timesheets' ? 'timesheets' : 'plan');

/** The parameters of the budget view, cleared together when it closes. */
export const BUDGET_VIEW_PARAMS = { 'budget-bar': null, 'budget-tab': null, 'budget-currency': null } as const;

/**
 * The budget view of a mission (`?budget-bar=<missionId>`, `budget-tab`, `budget-currency`): the flash row, then tabs
 * Plan vs actual (per role and month, earned value, burn, drill-down) and the mission's Timesheets.
 */
export function BudgetViewScreen({ value: missionId }: { value: string }) {
  const { params } = useUrl();
  const mission = useQuery({ ...missionQuery(missionId), enabled: Boolean(missionId) });
  const currency = params.get('budget-currency');
  const seesMoney = mission.data?.abilities['money.read'] ?? false;
  const report = useQuery({ ...missionMoneyQuery(missionId, currency), enabled: seesMoney });
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  useMissionLive(mission.data ? mission.data._id : null);
  const close = () => setParams({ ...BUDGET_VIEW_PARAMS });
  const tab = tabOf(params.get('budget-tab'));
  const shownCurrency = report.data?.currency ?? currency ?? mission.data?.currency ?? 'USD';

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }} closeOnEscape={false}>
      <Modal.Overlay />
      <Modal.Content aria-label={mission.data ? `Budget and costs of ${mission.data.title}` : 'Budget and costs'}>
        <Modal.Body p={0} onKeyDown={(event) => escapeCloses(event, close)}>
          <Container size="xl" py="md">
            <ScreenTop
              mb="md"
              align="end"
              title={
                <>
                  <Text size="sm" c="dimmed">
                    Budget
                  </Text>
                  <Title order={1} size="h2">
                    {mission.data?.title ?? 'Mission'}
                  </Title>
                </>
              }
              controls={
                <>
                  {seesMoney && (
                    <CurrencyPicker
                      value={currency}
                      own={mission.data?.currency}
                      onChange={(next) =>
                        setParams({ 'budget-currency': next === mission.data?.currency ? null : next }, { replace: true })
                      }
                    />
                  )}
                  {mission.data?.abilities['money.write'] && (
                    <Button
                      variant="default"
                      leftSection={<IconSettings size={16} aria-hidden="true" />}
                      onClick={() => setParams({ 'budget-setup': missionId })}
                    >
                      Set up the budget
                    </Button>
                  )}
                </>
              }
              close={<CloseButton size="lg" onClick={close} aria-label="Close the budget" data-autofocus />}
            />
            {mission.isPending && <Loader aria-label="Loading the mission" />}
            {mission.isError && (
              <Alert color="red" role="alert" title="The mission could not be loaded">
                {mission.error.message}
              </Alert>
            )}
            {mission.data && !seesMoney && (
              <Alert color="yellow" title="Not for you">
                Only the mission&apos;s owners and project managers, and the organisation&apos;s admins and managers, see its money.
              </Alert>
            )}
            {mission.data && seesMoney && (
              <Stack gap="lg">
                {report.isPending && <Loader aria-label="Loading the figures" />}
                {report.isError && (
                  <Alert color="red" role="alert" title="The figures could not be loaded">
                    {report.error.message}
                  </Alert>
                )}
                {report.data && <FlashRow report={report.data} />}
                <Tabs
                  value={tab}
                  keepMounted={false}
                  onChange={(next) => setParams({ 'budget-tab': next === 'timesheets' ? next : null }, { replace: true })}
                >
                  <Tabs.List mb="md">
                    {TABS.map((entry) => (
                      <Tabs.Tab key={entry.value} value={entry.value}>
                        {entry.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Tabs.Panel value="plan">{report.data && <PlanVsActual report={report.data} onDrill={setDrill} />}</Tabs.Panel>
                  <Tabs.Panel value="timesheets">
                    <MissionTimesheets mission={mission.data} />
                  </Tabs.Panel>
                </Tabs>
              </Stack>
            )}
          </Container>
        </Modal.Body>
      </Modal.Content>
      {drill && <ActualsModal missionId={missionId} currency={shownCurrency} target={drill} onClose={() => setDrill(null)} />}
    </Modal.Root>
  );
}
