import { Button, Container, EmptyState } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { navigate } from '../../lib/url-state.ts';

/** The file link lands here; the viewer itself arrives with the files issue. */
export function FileViewerPlaceholder({ fileName }: { fileId: string; fileName: string }) {
  return (
    <Container size="sm" py="xl" component="section" aria-label="File viewer">
      <EmptyState
        icon={<IconFile size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="File viewer"
        description={`${fileName} will open here.`}
      >
        <Button variant="default" mt="md" onClick={() => navigate('/home')}>
          Back to home
        </Button>
      </EmptyState>
    </Container>
  );
}
