import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Center, Group, Modal, Text, Tooltip } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconDownload, IconShare, IconTrash } from '@tabler/icons-react';
import { FILE_MESSAGES } from '@crewplan/domain/files/files';
import { formatFileSize, uploadTimeLabel } from '@crewplan/domain/files/labels';
import { isApiError } from '../../lib/api-error.ts';
import { navigate } from '../../lib/url-state.ts';
import { fetchSharingLink, filesQuery, useFile, useFileMutations, type FileDto, type FilesHome } from './api.ts';
import { downloadFile } from './download.ts';
import { FileContent } from './FileContent.tsx';
import { FILES_LAYER } from './FileActions.tsx';
import { closeTargetOf, rootNameMatches, siblingOf, siblingsOf, openedFromAppFor, markOpenedFromApp } from './file-rules.ts';
import { showRemovalFailure } from '../../lib/removal-failure.ts';

const homeOf = (file: FileDto): FilesHome =>
  file.attachedTo === 'action.items'
    ? { kind: 'task', actionItemId: file.attachedToId, missionId: file.attachedToMissionId }
    : { kind: 'mission', missionId: file.attachedToMissionId };

/** Spec 3 §9: the root viewer's toasts last 3 s. */
const TOAST_MS = 3_000;

/**
 * The file viewer at /drive/d/:fileId/:fileName (spec 3 §2, rules 252–255): full screen, the file as its kind allows,
 * a toolbar (download, share link, delete), ←/→ through the files next to it. Opened straight from a link (root
 * mode), the name in the address must be the file's and nothing is deleted from here.
 */
export function FileViewer({ fileId, fileName }: { fileId: string; fileName: string }) {
  const [rootMode] = useState(() => !openedFromAppFor(fileId));
  const file = useFile(fileId);
  const forbidden = isApiError(file.error) && file.error.status === 403;
  const siblingsList = useQuery({
    ...filesQuery(file.data ? homeOf(file.data) : { kind: 'mission', missionId: '' }),
    enabled: !!file.data,
  });
  const siblingFiles = siblingsList.data?.files;
  const siblings = useMemo(() => (file.data ? siblingsOf(file.data, siblingFiles ?? []) : []), [file.data, siblingFiles]);
  const { remove } = useFileMutations();

  const close = useCallback(() => navigate(closeTargetOf(file.data)), [file.data]);
  const failAndClose = useCallback((error: Error) => {
    notifications.show({ color: 'red', message: error.message, autoClose: TOAST_MS });
    navigate('/home', { replace: true });
  }, []);

  // the file this viewer itself deleted is expected to be gone: the viewer moves on instead of failing
  const deletedHere = useRef<string | null>(null);
  useEffect(() => {
    if (file.error && !forbidden && deletedHere.current !== fileId) failAndClose(file.error);
  }, [file.error, forbidden, failAndClose, fileId]);

  useEffect(() => {
    if (rootMode && file.data && !rootNameMatches(file.data, fileName)) navigate('/', { replace: true });
  }, [rootMode, file.data, fileName]);

  const step = useCallback(
    (by: -1 | 1) => {
      const next = siblingOf(siblings, fileId, by);
      if (!next) return;
      if (!rootMode) markOpenedFromApp(next._id);
      navigate(next.viewerPath, { replace: true });
    },
    [siblings, fileId, rootMode],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"], audio, video')) return;
      if (event.key === 'ArrowLeft') step(-1);
      if (event.key === 'ArrowRight') step(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const share = async () => {
    try {
      const { url } = await fetchSharingLink(fileId);
      await navigator.clipboard.writeText(url);
      notifications.show({ message: FILE_MESSAGES.linkCopied, autoClose: TOAST_MS });
    } catch {
      notifications.show({ color: 'red', message: FILE_MESSAGES.shareFailed, autoClose: TOAST_MS });
    }
  };

  const confirmDelete = (current: FileDto) =>
    openConfirm({
      title: 'Delete this file?',
      children: `“${current.name}” is deleted for everybody on the mission.`,
      labels: { confirm: 'Delete file', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      zIndex: FILES_LAYER + 10,
      onConfirm: () => {
        deletedHere.current = current._id;
        remove.mutate(current, {
          onSuccess: () => {
            notifications.show({ message: `${current.name} is deleted.`, autoClose: TOAST_MS });
            const next = siblingOf(siblings, current._id, 1);
            if (next) markOpenedFromApp(next._id);
            navigate(next ? next.viewerPath : closeTargetOf(current), { replace: true });
          },
          onError: (error) => {
            deletedHere.current = null;
            showRemovalFailure(error);
          },
        });
      },
    });

  const current = file.data;
  const position = current ? siblings.findIndex((other) => other._id === current._id) : -1;
  return (
    <Modal
      opened
      fullScreen
      onClose={close}
      zIndex={FILES_LAYER - 100}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': 'Close the viewer' }}
      title={current?.name ?? fileName}
      styles={{ title: { flex: 1, minWidth: 0, fontWeight: 600 }, body: { height: 'calc(100vh - 72px)', padding: 0 } }}
    >
      {current && (
        <Group gap={4} px="md" pb="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" flex={1} truncate="end">
            {formatFileSize(current.size)} · uploaded {uploadTimeLabel(current.createdAt)}
            {current.createdBy ? ` by ${current.createdBy.firstName} ${current.createdBy.lastName}` : ''}
            {siblings.length > 1 && position >= 0 ? ` · ${position + 1} of ${siblings.length}` : ''}
          </Text>
          <Group gap={4} role="toolbar" aria-label="File actions" wrap="nowrap">
            <Tooltip label="Previous file (←)">
              <ActionIcon variant="subtle" aria-label="Previous file" disabled={siblings.length < 2} onClick={() => step(-1)}>
                <IconChevronLeft size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Next file (→)">
              <ActionIcon variant="subtle" aria-label="Next file" disabled={siblings.length < 2} onClick={() => step(1)}>
                <IconChevronRight size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Download">
              <ActionIcon variant="subtle" aria-label="Download" onClick={() => void downloadFile(current).catch(failAndClose)}>
                <IconDownload size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Copy a sharing link">
              <ActionIcon variant="subtle" aria-label="Share link" onClick={() => void share()}>
                <IconShare size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            {current.abilities.delete && !rootMode && (
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={() => confirmDelete(current)}>
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      )}
      <Box h="calc(100% - 40px)" style={{ overflow: 'auto' }}>
        {forbidden && (
          <Center h="100%">
            <Text role="alert">{FILE_MESSAGES.forbidden}</Text>
          </Center>
        )}
        {current && <FileContent key={current._id} file={current} onError={failAndClose} />}
      </Box>
    </Modal>
  );
}
