import { useRef, useState } from 'react';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { refreshFileLists, uploadFiles, type FilesHome } from './api.ts';
import { uploadErrorMessage } from './file-rules.ts';
import './styles.ts';
import { plural } from '@crewplan/domain/shared/words';

/** Drop files or pick them with the button; one multipart upload with a progress bar, errors in the spec's words. */
export function FileUpload({ home, label }: { home: FilesHome; label: string }) {
  const openRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    try {
      const uploaded = await uploadFiles(home, files, setProgress);
      notifications.show({
        message: uploaded.length === 1 ? `${uploaded[0]!.name} is uploaded.` : `${plural(uploaded.length, 'file')} are uploaded.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: uploadErrorMessage(error), autoClose: 6_000 });
    } finally {
      setProgress(null);
      void refreshFileLists();
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        openRef={openRef}
        onDrop={(files) => void send(files)}
        multiple
        disabled={progress !== null}
        activateOnClick={false}
        p="sm"
        aria-label={`Drop files to upload to ${label}`}
      >
        <Group justify="center" gap="sm" mih={48} style={{ pointerEvents: 'none' }}>
          <IconUpload size={20} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            Drop files here to attach them
          </Text>
        </Group>
      </Dropzone>
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconUpload size={14} aria-hidden="true" />}
          onClick={() => openRef.current?.()}
          disabled={progress !== null}
        >
          Upload files
        </Button>
      </Group>
      {progress !== null && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" aria-live="polite">
            Uploading… {Math.round(progress * 100)}%
          </Text>
          <Progress value={Math.round(progress * 100)} animated aria-label="Upload progress" />
        </Stack>
      )}
    </Stack>
  );
}
