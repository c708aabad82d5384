import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { HALF_LEAVE_DAY, HOURS_PER_LEAVE_DAY } from '@crewplan/domain/leave/hours';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { dayIn } from '@crewplan/domain/shared/days';
import { FormError } from '../../components/FormError.tsx';
import { useTimeZone } from '../../lib/time-zone.ts';
import { uploadErrorMessage } from '../../lib/upload.ts';
import { AttachButton, AttachmentLinks, FilePicker } from './Attachments.tsx';
import { useCreateLeave, useDeleteLeave, useLeaveAction, useMyLeave } from './api.ts';
import { BalancesTable } from './BalancesTable.tsx';
import { CalendarFeed } from './CalendarFeed.tsx';
import { span } from './format.ts';
import { requestHours } from './leave-rules.ts';
import { MonthCalendar } from './MonthCalendar.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * My leave (the floating "my leave requests" button): balances per code, my requests with their status, and a new
 * request on a calendar that shows weekends and public holidays.
 */
export function LeaveTracker() {
  const today = dayIn(new Date(), useTimeZone());
  const thisYear = Number(today.slice(0, 4));
  // the balances of this year or the next (a request late in the year often falls in the next)
  const [year, setYear] = useState(thisYear);
  const mine = useMyLeave(year);
  const licensed = mine.data?.orgs.filter((org) => org.licensed) ?? [];
  const [orgId, setOrgId] = useState<string | null>(null);
  const org = licensed.find((entry) => entry._id === orgId) ?? licensed[0];
  if (mine.isPending) return <Loader aria-label="Loading your leave" />;
  if (mine.isError) return <FormError>{mine.error.message}</FormError>;
  if (!org) return <Alert color="yellow">{FLOATING_MESSAGES.needsUnlimited}</Alert>;
  const requests = mine.data.requests.filter((request) => request.org === org._id);
  return (
    <Stack gap="md" data-testid="leave-tracker">
      {licensed.length > 1 && (
        <Select
          label="Organization"
          data={licensed.map((entry) => ({ value: entry._id, label: entry.title }))}
          value={org._id}
          onChange={setOrgId}
        />
      )}
      <Group justify="space-between">
        <Title order={4}>Balances {year}</Title>
        <SegmentedControl
          aria-label="Year of the balances"
          size="xs"
          data={[String(thisYear), String(thisYear + 1)]}
          value={String(year)}
          onChange={(value) => setYear(Number(value))}
        />
      </Group>
      <BalancesTable balances={org.balances} codes={org.codes} />
      <Title order={4}>My requests</Title>
      <RequestsTable requests={requests} />
      <Title order={4}>New request</Title>
      <NewRequest org={org} today={today} />
      <Title order={4}>Calendar</Title>
      <CalendarFeed />
    </Stack>
  );
}

function RequestsTable({
  requests,
}: {
  requests: ReturnType<typeof useMyLeave>['data'] extends infer D ? (D extends { requests: infer R } ? R : never) : never;
}) {
  const action = useLeaveAction();
  const remove = useDeleteLeave();
  if (requests.length === 0) return <Text c="dimmed">No leave requested yet.</Text>;
  return (
    <>
      <Table withTableBorder aria-label="My leave requests" data-testid="my-leave-requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Days</Table.Th>
            <Table.Th>Leave</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Files</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request._id} data-leave={request._id}>
              <Table.Td>{span(request.startDate, request.endDate)}</Table.Td>
              <Table.Td>{request.code?.description ?? request.reason ?? 'Leave'}</Table.Td>
              <Table.Td>{request.totalHours}</Table.Td>
              <Table.Td>
                <StatusBadge status={request.status} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <AttachmentLinks leaveId={request._id} attachments={request.attachments} removable />
                  <AttachButton leaveId={request._id} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end">
                  {request.status === 'draft' && (
                    <Button size="compact-xs" onClick={() => action.mutate({ path: 'submit', ids: [request._id] })}>
                      Submit
                    </Button>
                  )}
                  {['draft', 'pending_approval', 'pending_final_approval', 'approved'].includes(request.status) && (
                    <Button size="compact-xs" variant="default" onClick={() => action.mutate({ path: 'cancel', ids: [request._id] })}>
                      Cancel
                    </Button>
                  )}
                  {['draft', 'rejected', 'cancelled'].includes(request.status) && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(request._id)}>
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(action.error ?? remove.error) && <FormError>{(action.error ?? remove.error)!.message}</FormError>}
    </>
  );
}

type Org = NonNullable<ReturnType<typeof useMyLeave>['data']>['orgs'][number];

function NewRequest({ org, today }: { org: Org; today: string }) {
  const create = useCreateLeave();
  const [reason, setReason] = useState<string | null>(org.codes[0]?.id ?? null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [attachError, setAttachError] = useState<unknown>(null);
  const [month, setMonth] = useState(today.slice(0, 7));
  // hours of each day: a code measured in hours takes any up to a day, one taken in half days 4 (rules 214, 217)
  const [perDay, setPerDay] = useState<number | string>(HOURS_PER_LEAVE_DAY);
  const code = org.codes.find((entry) => entry.id === reason);
  const hoursValid = typeof perDay === 'number' && perDay > 0 && perDay <= HOURS_PER_LEAVE_DAY;
  const pick = (day: string) => {
    if (!from || to || day < from) {
      setFrom(day);
      setTo('');
    } else setTo(day);
  };
  const shift = (months: number) => {
    const date = new Date(Date.parse(`${month}-01T00:00:00Z`));
    date.setUTCMonth(date.getUTCMonth() + months);
    setMonth(date.toISOString().slice(0, 7));
  };
  const send = (submit: boolean) => {
    setAttachError(null);
    create.mutate(
      {
        orgId: org._id,
        reason: reason!,
        dates: [{ from, to: to || from }],
        hours: requestHours({ from, to: to || from }, Number(perDay), org),
        comment,
        submit,
        files,
      },
      {
        onSuccess: (result) => {
          setFrom('');
          setTo('');
          setComment('');
          setFiles([]);
          // the request is kept; its files can be attached again from its row
          setAttachError(result.attachError);
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Select
        label="Leave"
        data={org.codes.map((entry) => ({ value: entry.id, label: entry.description }))}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setPerDay(HOURS_PER_LEAVE_DAY);
        }}
        allowDeselect={false}
      />
      {code && (code.maxHours !== null || code.minHours !== null) && (
        <Text size="xs" c="dimmed">
          {code.measuredInHours ? 'Measured in hours' : 'Measured in days'}
          {code.minHours !== null ? ` · at least ${code.minHours} h` : ''}
          {code.maxHours !== null ? ` · at most ${code.maxHours} h` : ''}
        </Text>
      )}
      <Group grow>
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setFrom(value);
            if (/^\d{4}-\d{2}/.test(value)) setMonth(value.slice(0, 7));
          }}
        />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      {code?.measuredInHours && (
        <NumberInput
          label="Hours each day"
          description="Working days only; weekends and public holidays are not counted"
          min={0.25}
          max={HOURS_PER_LEAVE_DAY}
          step={0.5}
          decimalScale={2}
          value={perDay}
          onChange={setPerDay}
          error={hoursValid ? undefined : `More than 0 and at most ${HOURS_PER_LEAVE_DAY} hours`}
        />
      )}
      {code && !code.measuredInHours && code.allowHalfDays && (
        <Checkbox
          label={`Half days (${HALF_LEAVE_DAY} h each)`}
          checked={perDay === HALF_LEAVE_DAY}
          onChange={(e) => setPerDay(e.currentTarget.checked ? HALF_LEAVE_DAY : HOURS_PER_LEAVE_DAY)}
        />
      )}
      <Group justify="space-between">
        <Button size="compact-sm" variant="subtle" onClick={() => shift(-1)} aria-label="Previous month">
          ‹
        </Button>
        <Text fw={500}>{month}</Text>
        <Button size="compact-sm" variant="subtle" onClick={() => shift(1)} aria-label="Next month">
          ›
        </Button>
      </Group>
      <MonthCalendar month={month} daysPerWeek={org.daysPerWeek} holidays={org.holidays} from={from} to={to} onPick={pick} />
      <Textarea label="Comment" value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={1} />
      <FilePicker files={files} onChange={setFiles} />
      {create.error && <FormError>{create.error.message}</FormError>}
      {attachError !== null && <FormError>{`The request is saved, but its files were not: ${uploadErrorMessage(attachError)}`}</FormError>}
      <Group justify="flex-end">
        <Button variant="default" disabled={!from || !reason || !hoursValid} loading={create.isPending} onClick={() => send(false)}>
          Save draft
        </Button>
        <Button disabled={!from || !reason || !hoursValid} loading={create.isPending} onClick={() => send(true)}>
          Submit for approval
        </Button>
      </Group>
    </Stack>
  );
}
