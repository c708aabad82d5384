import './styles.ts';
import { Suspense, useEffect } from 'react';
import { Avatar, Box, Button, CloseButton, Container, Group, Loader, Modal, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { ORG_LEVEL_LABELS } from '@crewplan/domain/org/levels';
import { readsOrgCostReport } from '@crewplan/domain/money/policy';
import { readsOrgTimeReports } from '@crewplan/domain/time/policy';
import { ApiError } from '../../lib/api-error.ts';
import { useFeatureSlots } from '../../lib/feature-slots.tsx';
import { joinRoom } from '../../lib/realtime.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { orgQuery } from './api.ts';
import { ClientsTab } from './ClientsTab.tsx';
import { GoalsTab } from './GoalsTab.tsx';
import { InvitesTab } from './InvitesTab.tsx';
import { OrgLicence } from './OrgLicence.tsx';
import { OrgLocalCache } from './OrgLocalCache.tsx';
import { clearedOrgParams, ORG_TABS, paramsOfTab, tabOfParams, visibleTabs } from './org-rules.ts';
import { PeopleTab } from './PeopleTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { StructureTab } from './StructureTab.tsx';
import { CountBadge } from '../../components/CountBadge.tsx';
import { ScreenTop } from '../../components/ScreenTop.tsx';
import { FormError } from '../../components/FormError.tsx';
import { useLeaveBadges } from '../leave/index.ts';
import { BillingPanel, OfferCodeForm } from '../billing/index.ts';
import { plural } from '@crewplan/domain/shared/words';

/** An answer that means "no such organisation for you": unknown, removed, not a member or not an id. */
const isUnknownOrg = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

/** The organisation area (`?org=<id>`), full screen, its tab chosen by `org-tab` (`org-cfg` for settings). */
export function OrgScreen({ value: orgId }: { value: string }) {
  const { params } = useUrl();
  const editing = params.has('hq');
  const org = useQuery({ ...orgQuery(orgId), enabled: Boolean(orgId) });
  const { OrgExpenses = () => null, OrgLeaves = () => null } = useFeatureSlots();
  const unknown = !orgId || isUnknownOrg(org.error);

  useEffect(() => {
    // `hq` edits or creates: it shows its own state, the area stays quiet
    if (!unknown || editing) return;
    notifications.show({ id: 'org-not-found', message: ORG_MESSAGES.notFound, color: 'red' });
    setParams(clearedOrgParams(), { replace: true });
  }, [unknown, editing]);

  // rule 230: the organisation's pending requests I decide that start in the next 3 days
  const leaveBadge = useLeaveBadges(Boolean(org.data)).data?.orgs.find((entry) => entry._id === orgId)?.badge;
  const liveId = org.data?._id;
  useEffect(() => (liveId ? joinRoom(`changes/orgs/${liveId}`) : undefined), [liveId]);

  if (unknown) return null;
  const close = () => setParams(clearedOrgParams());
  const data = org.data;
  const tab = tabOfParams(params);
  const tabs = data ? visibleTabs(data.abilities, data) : [];
  const shown = tabs.includes(tab) ? tab : (tabs[0] ?? 'structure');

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }} closeOnEscape={false}>
      <Modal.Content aria-label={data ? `Organisation ${data.title}` : 'Organisation'}>
        <Modal.Body
          p={0}
          onKeyDown={(event) => {
            // Escape in a dialog opened from here closes that dialog only (its DOM lives in a portal outside
            // this one), and an open dropdown marks its input so that Escape closes just the dropdown.
            const target = event.target as HTMLElement;
            const claimed = target.getAttribute('data-mantine-stop-propagation') === 'true';
            if (event.key === 'Escape' && !claimed && event.currentTarget.contains(target)) close();
          }}
        >
          <Container size="xl" py="md">
            <ScreenTop
              mb="md"
              title={
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {data && (
                    <Avatar src={data.logo} alt="" radius="sm" color="brand">
                      {data.title.charAt(0).toUpperCase()}
                    </Avatar>
                  )}
                  <div style={{ minWidth: 0 }}>
                    <Title order={1} size="h2">
                      {data?.title ?? 'Organisation'}
                    </Title>
                    {data?.me && (
                      <Text size="sm" c="dimmed">
                        You are {ORG_LEVEL_LABELS[data.me.level].toLowerCase()} · {plural(data.peopleCount, 'person', 'people')} ·{' '}
                        {data.currency}
                      </Text>
                    )}
                    {data && <OrgLicence org={data} />}
                  </div>
                </Group>
              }
              controls={
                <>
                  {data && (
                    <Button variant="default" onClick={() => setParams({ planner: data._id })}>
                      Resource planner
                    </Button>
                  )}
                  {/* workspace reports: its admins and managers, and its observers (rule 111) */}
                  {data && readsOrgTimeReports(data.me?.level) && (
                    <Button variant="default" onClick={() => setParams({ otPeriodStart: '', otPeriodType: 'week' })}>
                      Overtime report
                    </Button>
                  )}
                  {data?.abilities.viewClients && !data.invoicingDisabled && (
                    <Button variant="default" onClick={() => setParams({ invoice: '' })}>
                      Invoices
                    </Button>
                  )}
                  {data && readsOrgCostReport(data.me?.level) && (
                    <Button variant="default" onClick={() => setParams({ 'money-org': data._id })}>
                      Cost report
                    </Button>
                  )}
                  {data?.abilities.update && (
                    <Button
                      variant="default"
                      leftSection={<IconPencil size={16} aria-hidden="true" />}
                      onClick={() => setParams({ hq: '' })}
                    >
                      Edit organisation
                    </Button>
                  )}
                </>
              }
              close={<CloseButton size="lg" onClick={close} aria-label="Close the organisation" data-autofocus />}
            />
            {org.isPending && <Loader aria-label="Loading the organisation" />}
            {org.isError && !unknown && <FormError>{org.error.message}</FormError>}
            {data && <OrgLocalCache orgId={data._id} />}
            {data && (
              <Tabs value={shown} onChange={(next) => setParams(paramsOfTab(next), { replace: true })} keepMounted={false}>
                <Tabs.List mb="lg">
                  {ORG_TABS.filter((t) => tabs.includes(t.value)).map((t) => (
                    <Tabs.Tab
                      key={t.value}
                      value={t.value}
                      rightSection={
                        // an empty right section still takes its room: only a count gets one
                        t.value === 'org-leaves' && leaveBadge ? (
                          <CountBadge count={leaveBadge} label="pending leave requests start in the next 3 days" />
                        ) : undefined
                      }
                    >
                      {t.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="people">
                  <PeopleTab org={data} />
                </Tabs.Panel>
                <Tabs.Panel value="structure">
                  <StructureTab org={data} />
                </Tabs.Panel>
                <Tabs.Panel value="goals">
                  <GoalsTab org={data} />
                </Tabs.Panel>
                <Tabs.Panel value="clients">
                  <ClientsTab org={data} />
                </Tabs.Panel>
                <Tabs.Panel value="invites">
                  <InvitesTab org={data} />
                </Tabs.Panel>
                <Tabs.Panel value="expenses">
                  <OrgExpenses orgId={data._id} />
                </Tabs.Panel>
                <Tabs.Panel value="org-leaves">
                  <OrgLeaves orgId={data._id} />
                </Tabs.Panel>
                <Tabs.Panel value="settings">
                  <SettingsTab org={data} domainsOpen={params.has('oc-domains')} />
                  {/* rule 113: a manager activates the licence with a code too, without the rest of billing */}
                  {data.abilities.activateLicence && !data.abilities.manageBilling && !data.isKeyLicensed && (
                    <Suspense fallback={<Loader size="sm" />}>
                      <Box mt="md">
                        <OfferCodeForm orgId={data._id} />
                      </Box>
                    </Suspense>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="billing">
                  <Suspense fallback={<Loader size="sm" />}>
                    <BillingPanel orgId={data._id} />
                  </Suspense>
                </Tabs.Panel>
              </Tabs>
            )}
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
