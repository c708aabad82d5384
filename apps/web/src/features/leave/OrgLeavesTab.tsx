import { useState } from 'react';
import { Alert, Group, Loader, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { dayIn } from '@crewplan/domain/shared/days';
import { FormError } from '../../components/FormError.tsx';
import { useTimeZone } from '../../lib/time-zone.ts';
import { orgQuery } from '../../lib/org-query.ts';
import { useOrgLeave } from './api.ts';
import { AttachmentLinks } from './Attachments.tsx';
import { LeaveSettings } from './LeaveSettings.tsx';
import { balanceText, span, STATUS_LABEL } from './format.ts';
import { touchesYear } from './leave-rules.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * The organisation's leave tab (`org-tab=org-leaves`): for its leave approvers every request with filters, the
 * balances of each person and the pending ones to decide; for others their own requests and who is away.
 */
export function OrgLeavesTab({ orgId }: { orgId: string }) {
  const org = useQuery(orgQuery(orgId));
  const detail = org.data;
  if (!detail?.abilities.update) return <OrgLeaves orgId={orgId} />;
  // those who edit the organisation also set its leave up
  return (
    <Tabs defaultValue="requests" keepMounted={false} variant="pills">
      <Tabs.List mb="md">
        <Tabs.Tab value="requests">Requests and balances</Tabs.Tab>
        <Tabs.Tab value="settings">Leave settings</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="requests">
        <OrgLeaves orgId={orgId} />
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        <LeaveSettings
          key={detail.updatedAt}
          orgId={orgId}
          updatedAt={detail.updatedAt}
          initial={{
            holidayCountryCode: detail.holidayCountryCode,
            daysPerWeek: detail.daysPerWeek,
            carryOverAnnualLeaveCutOff: detail.carryOverAnnualLeaveCutOff,
            carryOverAnnualLeaveAmount: detail.carryOverAnnualLeaveAmount,
            carryOverAnnualLeaveFx: detail.carryOverAnnualLeaveFx,
            leaveCodes: detail.leaveCodes,
          }}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

function OrgLeaves({ orgId }: { orgId: string }) {
  const today = dayIn(new Date(), useTimeZone());
  const year = Number(today.slice(0, 4));
  const list = useOrgLeave(orgId, year);
  const [status, setStatus] = useState<string | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label="Loading leave" />;
  if (list.isError) return <FormError>{list.error.message}</FormError>;
  const data = list.data;
  const requests = data.requests.filter(
    (request) => touchesYear(request, year) && (!status || request.status === status) && (!person || request.person._id === person),
  );
  const pending = data.requests.filter((request) => request.status === 'pending_approval' || request.status === 'pending_final_approval');
  const people = [...new Map(data.requests.map((request) => [request.person._id, request.person])).values()];
  return (
    <Stack gap="lg" data-testid="org-leaves">
      {!data.licensed && (
        <Alert color="yellow" role="alert">
          {FLOATING_MESSAGES.needsUnlimited}
        </Alert>
      )}
      {data.canApprove && (
        <>
          <Title order={4}>To decide</Title>
          {pending.length === 0 && <Text c="dimmed">Nothing to decide.</Text>}
          {pending.map((request) => (
            <ReviewCard
              key={request._id}
              request={request}
              impact={data.impact.find((entry) => entry.leaveId === request._id)}
              stage="org"
            />
          ))}
        </>
      )}
      <Group justify="space-between">
        <Title order={4}>Requests {year}</Title>
        <Group>
          <Select
            aria-label="Filter by status"
            placeholder="Any status"
            clearable
            data={Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }))}
            value={status}
            onChange={setStatus}
          />
          <Select
            aria-label="Filter by person"
            placeholder="Anyone"
            clearable
            data={people.map((entry) => ({ value: entry._id, label: `${entry.firstName} ${entry.lastName}` }))}
            value={person}
            onChange={setPerson}
          />
        </Group>
      </Group>
      <Table withTableBorder aria-label="Leave requests of the organization">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Leave</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Files</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request._id}>
              <Table.Td>
                {request.person.firstName} {request.person.lastName}
              </Table.Td>
              <Table.Td>{span(request.startDate, request.endDate)}</Table.Td>
              <Table.Td>{request.code?.description ?? request.reason ?? 'Leave'}</Table.Td>
              <Table.Td>{request.totalHours}</Table.Td>
              <Table.Td>
                <StatusBadge status={request.status} />
              </Table.Td>
              <Table.Td>
                <AttachmentLinks leaveId={request._id} attachments={request.attachments} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>Balances {year}</Title>
      <Table withTableBorder aria-label="Leave balances per person" data-testid="org-leave-balances">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            {data.codes.map((code) => (
              <Table.Th key={code.id}>{code.description}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.balances.map((entry) => (
            <Table.Tr key={entry.person._id}>
              <Table.Td>
                {entry.person.firstName} {entry.person.lastName}
              </Table.Td>
              {data.codes.map((code) => {
                const balance = entry.balances.find((b) => b.codeId === code.id);
                return (
                  <Table.Td key={code.id} title={`taken / pending / remaining ${code.measuredInHours ? 'hours' : 'days'}`}>
                    {balance
                      ? [balance.taken, balance.pending, balance.remaining]
                          .map((days) => balanceText(days, code.measuredInHours))
                          .join(' / ')
                      : '—'}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.away.length > 0 && (
        <>
          <Title order={4}>Away</Title>
          {data.away.map((away, index) => (
            <Text key={index} size="sm">
              {away.person.firstName} {away.person.lastName}: {span(away.startDate, away.endDate)}
            </Text>
          ))}
        </>
      )}
    </Stack>
  );
}
