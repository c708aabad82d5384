import { useEffect } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../lib/object-url.ts';
import { PdfPages } from '../files/index.ts';
import { fetchReceipt, type Expense } from './api.ts';
import { downloadBlob } from './format.ts';

type Receipt = Expense['attachments'][number];

/** A receipt as the file viewer shows it: a photo as an image, a PDF in its pages, ←/→ through the expense's receipts. */
export function ReceiptViewer({
  receipts,
  index,
  onIndex,
  onClose,
}: {
  receipts: Receipt[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const receipt = receipts[index];
  const bytes = useQuery({
    queryKey: ['expenses', 'receipt', receipt?._id],
    queryFn: ({ signal }) => fetchReceipt(receipt!.url, signal),
    enabled: !!receipt,
    staleTime: Infinity,
    retry: false,
  });
  const url = useObjectUrl(bytes.data);
  useEffect(() => {
    const step = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
      if (event.key === 'ArrowRight' && index < receipts.length - 1) onIndex(index + 1);
    };
    window.addEventListener('keydown', step);
    return () => window.removeEventListener('keydown', step);
  }, [index, receipts.length, onIndex]);
  if (!receipt) return null;
  const isPdf = receipt.mimetype === 'application/pdf';
  return (
    <Modal opened onClose={onClose} title={receipt.name} size="min(60rem, 96vw)" closeButtonProps={{ 'aria-label': 'Close the receipt' }}>
      <Stack gap="sm" data-testid="receipt-viewer">
        <Center mih={240}>
          {bytes.isPending && <Loader aria-label="Loading the receipt" />}
          {bytes.isError && <Text c="red">{bytes.error.message}</Text>}
          {url && !isPdf && <img src={url} alt={receipt.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} />}
          {bytes.data && isPdf && <PdfPages blob={bytes.data} name={receipt.name} />}
        </Center>
        <Group justify="space-between">
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={index === 0} onClick={() => onIndex(index - 1)}>
              Previous
            </Button>
            <Button variant="default" size="xs" disabled={index >= receipts.length - 1} onClick={() => onIndex(index + 1)}>
              Next
            </Button>
          </Group>
          <Button variant="default" size="xs" disabled={!bytes.data} onClick={() => bytes.data && downloadBlob(bytes.data, receipt.name)}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
