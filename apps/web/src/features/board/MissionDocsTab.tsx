import { EmptyState, Loader, Table, Text } from '@mantine/core';
import { AppLink } from '../../components/AppLink.tsx';
import { markOpenedFromApp } from '../../lib/file-viewer-link.ts';
import { IconFiles } from '@tabler/icons-react';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import { useMissionsDrive } from './api.ts';
import { dayText, sizeText } from './board-format.ts';
import { plural } from '@crewplan/domain/shared/words';
import { WARNING_TEXT } from '../../lib/text-colors.ts';

/** Mission docs: the files of the missions I manage, newest first. */
export function MissionDocsTab({ workspace }: { workspace: BoardWorkspace | undefined }) {
  const missions = workspace?.missions ?? [];
  const drives = useMissionsDrive(missions.map((mission) => mission._id));
  if (!workspace || drives.some((drive) => drive.isPending)) return <Loader aria-label="Loading mission docs" />;
  const titles = new Map(missions.map((mission) => [mission._id, mission.title]));
  const files = drives.flatMap((drive) => drive.data ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const failed = drives.filter((drive) => drive.isError).length;
  if (files.length === 0)
    return (
      <EmptyState
        icon={<IconFiles size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="Mission docs"
        description={
          failed > 0 ? 'Some missions’ files could not be read. Try again later.' : 'Files of the missions you manage will appear here.'
        }
      />
    );
  return (
    <>
      {failed > 0 && (
        <Text size="sm" c={WARNING_TEXT} mb="xs">
          The files of {plural(failed, 'mission')} could not be read.
        </Text>
      )}
      <Table highlightOnHover data-testid="mission-docs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Mission</Table.Th>
            <Table.Th>Attached to</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file._id}>
              <Table.Td>
                {/* opened from within the app, not from a link: the viewer offers what the file allows (delete too) */}
                <span onClickCapture={() => markOpenedFromApp(file._id)}>
                  <AppLink href={file.viewerPath}>{file.name}</AppLink>
                </span>
              </Table.Td>
              <Table.Td>{titles.get(file.attachedToMissionId)}</Table.Td>
              <Table.Td>{file.attachedTo === 'missions' ? 'Mission' : 'Task'}</Table.Td>
              <Table.Td>{sizeText(file.size)}</Table.Td>
              <Table.Td>
                {dayText(file.createdAt)}
                {file.createdBy ? ` by ${file.createdBy.firstName}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
