import './styles.ts';
import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, CloseButton, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';
import { uploadErrorMessage } from '../../lib/upload.ts';
import { attachToLeave, useRemoveAttachment, type LeaveAttachment } from './api.ts';

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A request's files, each opened at the signed address the server gives (7 days); its own people may remove one.
 */
export function AttachmentLinks({
  leaveId,
  attachments,
  removable = false,
}: {
  leaveId: string;
  attachments: readonly LeaveAttachment[];
  removable?: boolean;
}) {
  const remove = useRemoveAttachment();
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs" data-testid="leave-attachments" aria-label="Attachments">
      {attachments.map((file) => (
        <Group key={file._id} gap={2} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden="true" />
          {file.url ? (
            <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
              {file.name}
            </Anchor>
          ) : (
            <Text size="sm">{file.name}</Text>
          )}
          <Text size="xs" c="dimmed">
            {sizeText(file.size)}
          </Text>
          {removable && (
            <CloseButton
              size="xs"
              aria-label={`Remove ${file.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ leaveId, fileId: file._id })}
            />
          )}
        </Group>
      ))}
    </Group>
  );
}

/** Picks files and attaches them to a request at once, with the share sent while it goes. */
export function AttachButton({ leaveId }: { leaveId: string }) {
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    try {
      await attachToLeave(leaveId, files, setProgress);
    } catch (error) {
      notifications.show({ color: 'red', message: uploadErrorMessage(error), autoClose: 6_000 });
    } finally {
      setProgress(null);
    }
  };
  return (
    <FileButton onChange={(files) => void send(files)} multiple>
      {(props) => (
        <ActionIcon {...props} variant="subtle" size="sm" loading={progress !== null} aria-label="Attach files">
          <IconPaperclip size={14} aria-hidden="true" />
        </ActionIcon>
      )}
    </FileButton>
  );
}

/** Files chosen for a new request (dropped or picked), sent once the request exists. */
export function FilePicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap={4}>
      <Input.Label>Attachments</Input.Label>
      <Dropzone
        openRef={openRef}
        onDrop={(dropped) => onChange([...files, ...dropped])}
        multiple
        activateOnClick={false}
        p="xs"
        aria-label="Attachments of the request: drop files here"
      >
        <Group justify="space-between" gap="sm" mih={36}>
          <Group gap="xs" style={{ pointerEvents: 'none' }}>
            <IconUpload size={18} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Drop files here (a doctor&apos;s note, a certificate)
            </Text>
          </Group>
          <Button variant="default" size="compact-sm" onClick={() => openRef.current?.()}>
            Choose files
          </Button>
        </Group>
      </Dropzone>
      {files.length > 0 && (
        <Group gap="xs" data-testid="leave-picked-files">
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} gap={2} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden="true" />
              <Text size="sm">{file.name}</Text>
              <CloseButton size="xs" aria-label={`Leave out ${file.name}`} onClick={() => onChange(files.filter((_, i) => i !== index))} />
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}
