import { useState } from 'react';
import { Button, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { historySentence } from '@crewplan/domain/shared/history-text';
import { historyQuery, type MissionAuditEvent } from './api.ts';
import { FormError } from '../../components/FormError.tsx';

const when = (at: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

function HistoryPage({ missionId, before, onMore }: { missionId: string; before: string | null; onMore: (next: string) => void }) {
  const page = useQuery(historyQuery(missionId, before));
  if (page.isPending) return <Loader size="sm" aria-label="Loading the history" />;
  if (page.isError) return <FormError>{page.error.message}</FormError>;
  if (page.data.events.length === 0 && before === null)
    return (
      <Text size="sm" c="dimmed">
        Nothing has changed yet.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Timeline bulletSize={14} lineWidth={2}>
        {page.data.events.map((event: MissionAuditEvent) => (
          <Timeline.Item key={event._id} title={historySentence({ ...event, actorName: event.actor.name })}>
            <Text size="xs" c="dimmed">
              {when(event.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {page.data.nextBefore && (
        <Button variant="subtle" size="xs" onClick={() => onMore(page.data.nextBefore!)} w="fit-content">
          Show older changes
        </Button>
      )}
    </Stack>
  );
}

/** Who changed what on the mission, newest first (`GET /mission/:id/history`). */
export function HistoryTab({ missionId }: { missionId: string }) {
  const [pages, setPages] = useState<(string | null)[]>([null]);
  return (
    <Stack gap="md" data-testid="mission-history">
      {pages.map((before, index) => (
        <HistoryPage
          key={before ?? 'first'}
          missionId={missionId}
          before={before}
          onMore={(next) => setPages((all) => (index === all.length - 1 ? [...all, next] : all))}
        />
      ))}
    </Stack>
  );
}
