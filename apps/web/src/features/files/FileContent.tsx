import { useEffect } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../lib/object-url.ts';
import { FILE_MESSAGES } from '@crewplan/domain/files/files';
import { viewerKindOf } from '@crewplan/domain/files/types';
import { fetchFileBlob, type FileDto } from './api.ts';
import { downloadFile } from './download.ts';
import { PdfPages } from './PdfPages.tsx';

/** The file itself as the viewer shows its kind (rule 252): image, text or code, PDF, audio, video, or the notice. */
export function FileContent({ file, onError }: { file: FileDto; onError: (error: Error) => void }) {
  const kind = viewerKindOf(file.mimetype);
  const bytes = useQuery({
    queryKey: ['files', 'bytes', file._id, file.size],
    queryFn: ({ signal }) => fetchFileBlob(file._id, { signal }),
    enabled: kind !== 'unsupported',
    staleTime: Infinity,
    retry: false,
  });
  const text = useQuery({
    queryKey: ['files', 'text', file._id, file.size],
    queryFn: () => bytes.data!.text(),
    enabled: kind === 'text' && !!bytes.data,
    staleTime: Infinity,
  });
  // the query's blob is the same object until the file changes: its object URL is made once
  const url = useObjectUrl(kind === 'text' || kind === 'pdf' ? undefined : bytes.data);

  useEffect(() => {
    if (bytes.error) onError(bytes.error);
  }, [bytes.error, onError]);

  if (kind === 'unsupported')
    return (
      <Center h="100%">
        <Stack align="center">
          <Text size="lg">{FILE_MESSAGES.unsupported}</Text>
          <Button onClick={() => void downloadFile(file).catch(onError)}>{FILE_MESSAGES.downloadFile}</Button>
        </Stack>
      </Center>
    );
  if (bytes.isPending || (kind === 'text' ? text.isPending : kind !== 'pdf' && !url))
    return (
      <Center h="100%">
        <Loader aria-label={`Loading ${file.name}`} />
      </Center>
    );
  if (bytes.isError) return null;
  if (kind === 'text')
    return (
      <pre data-testid="file-text" style={{ margin: 0, padding: 16, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 14 }}>
        {text.data}
      </pre>
    );
  if (kind === 'image')
    return (
      <Center h="100%">
        <img src={url!} alt={file.name} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      </Center>
    );
  if (kind === 'pdf') return <PdfPages blob={bytes.data} name={file.name} />;
  if (kind === 'audio')
    return (
      <Center h="100%">
        <audio src={url!} controls aria-label={file.name} />
      </Center>
    );
  return (
    <Center h="100%">
      <video src={url!} controls aria-label={file.name} style={{ maxWidth: '100%', maxHeight: '100%' }} />
    </Center>
  );
}
