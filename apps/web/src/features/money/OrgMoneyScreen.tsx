import './styles.ts';
import { Alert, CloseButton, Container, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { ScreenTop } from '../../components/ScreenTop.tsx';
import { orgQuery } from '../../lib/org-query.ts';
import { orgMoneyQuery } from './api.ts';
import { CurrencyPicker, escapeCloses } from './CurrencyPicker.tsx';
import { FlashRow } from './FlashRow.tsx';
import { PlanVsActual } from './PlanVsActual.tsx';
import { unconvertedNotice } from './report-view.ts';

const PORTFOLIO = 'portfolio';

/**
 * The cost report of an organisation (`?money-org=<orgId>`): the portfolio of all its missions, or one program
 * (`money-program`), plan vs actual vs money in the currency chosen (`budget-currency`). Its observers read it too
 * (rule 111), without opening the missions' budgets: the projects are not theirs to see.
 */
export function OrgMoneyScreen({ value: orgId }: { value: string }) {
  const { params } = useUrl();
  const org = useQuery({ ...orgQuery(orgId), enabled: Boolean(orgId) });
  const programId = params.get('money-program');
  const currency = params.get('budget-currency');
  const report = useQuery({ ...orgMoneyQuery(orgId, programId, currency), enabled: Boolean(orgId) });
  const close = () => setParams({ 'money-org': null, 'money-program': null, 'budget-currency': null });
  const programs = (org.data?.programs ?? []).filter((program) => !program.isDeleted);
  const scope = programs.find((program) => program._id === programId)?.title ?? 'Portfolio';
  // missions without an exchange rate into the report's currency are left out of its figures: say which
  const notice = report.data ? unconvertedNotice(report.data) : null;

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }} closeOnEscape={false}>
      <Modal.Overlay />
      <Modal.Content aria-label={org.data ? `Cost report of ${org.data.title}` : 'Cost report'}>
        <Modal.Body p={0} onKeyDown={(event) => escapeCloses(event, close)}>
          <Container size="xl" py="md">
            <ScreenTop
              mb="md"
              align="end"
              title={
                <>
                  <Text size="sm" c="dimmed">
                    Cost report · {org.data?.title ?? 'Organisation'}
                  </Text>
                  <Title order={1} size="h2">
                    {scope}
                  </Title>
                </>
              }
              controls={
                <>
                  <Select
                    label="Program"
                    w={240}
                    data={[
                      { value: PORTFOLIO, label: 'Every mission (portfolio)' },
                      ...programs.map((p) => ({ value: p._id, label: p.title })),
                    ]}
                    value={programId ?? PORTFOLIO}
                    onChange={(next) => setParams({ 'money-program': next && next !== PORTFOLIO ? next : null }, { replace: true })}
                    allowDeselect={false}
                  />
                  <CurrencyPicker
                    value={currency}
                    own={org.data?.currency}
                    onChange={(next) => setParams({ 'budget-currency': next === org.data?.currency ? null : next }, { replace: true })}
                  />
                </>
              }
              close={<CloseButton size="lg" onClick={close} aria-label="Close the cost report" data-autofocus />}
            />
            {report.isPending && <Loader aria-label="Loading the figures" />}
            {report.isError && (
              <Alert color="red" role="alert" title="The figures could not be loaded">
                {report.error.message}
              </Alert>
            )}
            {report.data && (
              <Stack gap="lg">
                {notice && (
                  <Alert color="yellow" role="status" title="Some missions are not counted">
                    {notice}
                  </Alert>
                )}
                <FlashRow report={report.data} />
                <PlanVsActual report={report.data} opensMissions={org.data?.abilities.readProjects === true} />
              </Stack>
            )}
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
