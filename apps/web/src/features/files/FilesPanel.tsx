import { Anchor, Avatar, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFile, IconFileText, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import { formatFileSize, uploadTimeLabel } from '@crewplan/domain/files/labels';
import { viewerKindOf } from '@crewplan/domain/files/types';
import { openFileInViewer } from '../../lib/file-viewer-link.ts';
import { useFiles, type FileDto, type FilesHome } from './api.ts';
import { FileActions } from './FileActions.tsx';
import { FileUpload } from './FileUpload.tsx';

const KIND_ICONS = { image: IconPhoto, text: IconFileText, pdf: IconFileText, audio: IconMusic, video: IconMovie, unsupported: IconFile };

function FileLine({ file }: { file: FileDto }) {
  const Icon = KIND_ICONS[viewerKindOf(file.mimetype)];
  const uploader = file.createdBy ? `${file.createdBy.firstName} ${file.createdBy.lastName}`.trim() : 'Somebody';
  return (
    <Group component="li" wrap="nowrap" gap="sm" justify="space-between" data-testid="file-row">
      <Group wrap="nowrap" gap="sm" miw={0}>
        <Icon size={20} aria-hidden="true" />
        <Stack gap={0} miw={0}>
          <Anchor component="button" type="button" onClick={() => openFileInViewer(file)} ta="left" truncate="end" fw={500}>
            {file.name}
          </Anchor>
          <Group gap={6} wrap="nowrap">
            {file.createdBy?.avatar && <Avatar src={file.createdBy.avatar} size={16} radius="xl" alt="" />}
            <Text size="xs" c="dimmed" truncate="end">
              {formatFileSize(file.size)} · {uploader} · {uploadTimeLabel(file.createdAt)}
            </Text>
          </Group>
        </Stack>
      </Group>
      <FileActions file={file} />
    </Group>
  );
}

/** A list of files with their controls, and the upload where the caller may add files. */
export function FilesPanel({
  home,
  title,
  label,
  only,
  headingOrder = 3,
}: {
  home: FilesHome;
  title: string;
  label: string;
  only?: (file: FileDto) => boolean;
  /** The heading level where the panel sits (2 on the mission overview, 3 in the task detail). */
  headingOrder?: 2 | 3;
}) {
  const list = useFiles(home);
  const headingId = `files-${home.kind}-${home.kind === 'task' ? home.actionItemId : home.missionId}`;
  const files = (list.data?.files ?? []).filter((file) => (only ? only(file) : true));
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h4' : 'h5'} id={headingId}>
        {title}
      </Title>
      {list.isPending && <Loader size="sm" aria-label="Loading the files" />}
      {list.isError && (
        <Text size="sm" c="red" role="alert">
          {list.error.message}
        </Text>
      )}
      {list.isSuccess && files.length === 0 && (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      )}
      {files.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Files of ${label}`}>
          {files.map((file) => (
            <FileLine key={file._id} file={file} />
          ))}
        </Stack>
      )}
      {list.data?.abilities?.upload && <FileUpload home={home} label={label} />}
    </Stack>
  );
}
