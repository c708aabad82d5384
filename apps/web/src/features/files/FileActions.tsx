import { ActionIcon, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { openConfirm } from '../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDots, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useFileMutations, type FileDto } from './api.ts';
import { CopyFileForm, RenameFileForm } from './FileForms.tsx';
import { downloadFile } from './download.ts';
import { showRemovalFailure } from '../../lib/removal-failure.ts';

/** Above the task drawer (z-index 250). */
export const FILES_LAYER = 400;

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Sorry. Please try again.' });

/** The menu of one file: rename, copy to another task, download, delete (each as the file's abilities allow). */
export function FileActions({ file }: { file: FileDto }) {
  const { remove } = useFileMutations();

  const confirmDelete = () =>
    openConfirm({
      title: 'Delete this file?',
      children: `“${file.name}” is deleted for everybody on the mission.`,
      labels: { confirm: 'Delete file', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      zIndex: FILES_LAYER + 10,
      onConfirm: () =>
        remove.mutate(file, { onSuccess: () => notifications.show({ message: `${file.name} is deleted.` }), onError: showRemovalFailure }),
    });

  const openRename = () => {
    const id = modals.open({
      title: 'Rename file',
      zIndex: FILES_LAYER + 10,
      children: <RenameFileForm file={file} onDone={() => modals.close(id)} />,
    });
  };

  const openCopy = () => {
    const id = modals.open({
      title: 'Copy to another task',
      zIndex: FILES_LAYER + 10,
      children: <CopyFileForm file={file} onDone={() => modals.close(id)} />,
    });
  };

  return (
    <Menu position="bottom-end" zIndex={FILES_LAYER} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${file.name}`}>
          <IconDots size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={() => void downloadFile(file).catch(failed)}>
          Download
        </Menu.Item>
        {file.abilities.update && (
          <Menu.Item leftSection={<IconPencil size={14} aria-hidden="true" />} onClick={openRename}>
            Rename
          </Menu.Item>
        )}
        {file.attachedTo === 'action.items' && (
          <Menu.Item leftSection={<IconCopy size={14} aria-hidden="true" />} onClick={openCopy}>
            Copy to another task
          </Menu.Item>
        )}
        {file.abilities.delete && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={confirmDelete}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
