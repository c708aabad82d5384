import { useState } from 'react';
import { Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { WorkFromHomeList } from '@crewplan/domain/leave/leave';
import { dayIn } from '@crewplan/domain/shared/days';
import { FormError } from '../../components/FormError.tsx';
import { api } from '../../lib/api.ts';
import { formatDay } from '../../lib/days.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { LEAVE_ROOT } from './api.ts';

const KEY = [LEAVE_ROOT, 'work-from-home'];
const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

/**
 * Work-from-home days (the floating button): book and cancel my days; see who of my organisations is at home in the next
 * two weeks, and my own days after that under 'Your later days'.
 */
export function WorkFromHome({ orgs }: { orgs: { _id: string; title: string }[] }) {
  const today = dayIn(new Date(), useTimeZone());
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<WorkFromHomeList>('/work-from-home', { signal }) });
  const book = useMutation({
    mutationFn: (body: { org: string; day: string }) => api<WorkFromHomeList>('/work-from-home', { method: 'POST', body }),
    onSettled: refresh,
  });
  const cancel = useMutation({ mutationFn: (id: string) => api(`/work-from-home/${id}`, { method: 'DELETE' }), onSettled: refresh });
  const [org, setOrg] = useState<string | null>(orgs[0]?._id ?? null);
  const [day, setDay] = useState(today);
  return (
    <Stack gap="sm" data-testid="work-from-home">
      <Group align="flex-end">
        {orgs.length > 1 && (
          <Select
            label="Organization"
            data={orgs.map((entry) => ({ value: entry._id, label: entry.title }))}
            value={org}
            onChange={setOrg}
          />
        )}
        <TextInput label="Day" type="date" value={day} min={today} onChange={(e) => setDay(e.currentTarget.value)} />
        <Button disabled={!org || !day} loading={book.isPending} onClick={() => book.mutate({ org: org!, day })}>
          Book
        </Button>
      </Group>
      {(book.error ?? cancel.error) && <FormError>{(book.error ?? cancel.error)!.message}</FormError>}
      {list.isPending && <Loader aria-label="Loading work-from-home days" />}
      {list.data && list.data.days.length === 0 && <Text c="dimmed">Nobody works from home in the next two weeks.</Text>}
      {list.data && list.data.days.length > 0 && (
        <DaysTable label="Work-from-home days" days={list.data.days} onCancel={(id) => cancel.mutate(id)} />
      )}
      {list.data && list.data.later.length > 0 && (
        <>
          <Title order={5}>Your later days</Title>
          <DaysTable label="Your later days" days={list.data.later} onCancel={(id) => cancel.mutate(id)} />
        </>
      )}
    </Stack>
  );
}

/** Booked days, one a row, with a Cancel button on mine. */
function DaysTable({ label, days, onCancel }: { label: string; days: WorkFromHomeList['days']; onCancel: (id: string) => void }) {
  return (
    <Table aria-label={label}>
      <Table.Tbody>
        {days.map((entry) => (
          <Table.Tr key={entry._id}>
            <Table.Td>{formatDay(entry.day)}</Table.Td>
            <Table.Td>
              {entry.person.firstName} {entry.person.lastName}
            </Table.Td>
            <Table.Td>
              {entry.mine && (
                <Button size="compact-xs" variant="default" onClick={() => onCancel(entry._id)}>
                  Cancel
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
