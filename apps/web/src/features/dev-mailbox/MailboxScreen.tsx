import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../components/AppLink.tsx';
import { api } from '../../lib/api.ts';
import { mailLinks, splitLinks } from './mail-text.ts';

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  attachments?: { filename: string; contentType: string; url: string }[];
}

/** Mail the server would have sent, outside production (/dev/mailbox). */
export function MailboxScreen() {
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: () => api<OutboxMail[]>('/dev/outbox'),
    refetchInterval: 5_000,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mails = outbox.data ?? [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];

  return (
    <Container size="xl" py="xl" component="main">
      <Group justify="space-between" mb="md">
        <Title order={1}>Dev mailbox</Title>
        <Group gap="sm">
          <AppLink href="/home">Back to Crewplan</AppLink>
          <Button variant="default" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            Refresh
          </Button>
        </Group>
      </Group>
      {outbox.isError && <Alert color="red">The outbox is not available: {outbox.error.message}</Alert>}
      {outbox.isSuccess && mails.length === 0 && <Text>No mail yet.</Text>}
      {mails.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <nav aria-label="Messages">
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {mails.map((mail) => (
                <li key={mail.id}>
                  <UnstyledButton
                    onClick={() => setSelectedId(mail.id)}
                    aria-current={mail.id === selected?.id ? 'true' : undefined}
                    w="100%"
                    p="sm"
                    style={{
                      borderRadius: 6,
                      border: '1px solid var(--mantine-color-default-border)',
                      background: mail.id === selected?.id ? 'var(--mantine-color-default-hover)' : undefined,
                    }}
                  >
                    <Text fw={500}>{mail.subject}</Text>
                    <Text size="sm" c="dimmed">
                      to {mail.to} · {new Date(mail.createdAt).toLocaleString()}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </nav>
          {selected && <MailView mail={selected} />}
        </SimpleGrid>
      )}
    </Container>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const links = mailLinks(mail.text, mail.html);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby="mail-subject">
      <Stack>
        <div>
          <Title order={2} size="h4" id="mail-subject">
            {mail.subject}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              to
            </Text>
            <Badge variant="light" tt="none">
              {mail.to}
            </Badge>
          </Group>
        </div>
        {links.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Links
            </Text>
            {links.map((href) => (
              <Anchor key={href} href={href} size="sm" style={{ wordBreak: 'break-all' }}>
                {href}
              </Anchor>
            ))}
          </Stack>
        )}
        {(mail.attachments ?? []).length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="mail-attachments">
              Attachments
            </Text>
            <Stack gap={2} component="ul" aria-labelledby="mail-attachments" p={0} m={0} style={{ listStyle: 'none' }}>
              {mail.attachments!.map((file) => (
                <li key={file.url}>
                  <Anchor href={file.url} download={file.filename} size="sm">
                    {file.filename} ({file.contentType})
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <ScrollArea.Autosize mah={240}>
          <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="mail-text">
            {splitLinks(mail.text).map((part, index) =>
              part.kind === 'link' ? (
                <Anchor key={index} href={part.href} style={{ wordBreak: 'break-all' }}>
                  {part.href}
                </Anchor>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </Text>
        </ScrollArea.Autosize>
        {mail.html && (
          <iframe
            title={`Message: ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
            style={{
              width: '100%',
              height: 360,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 6,
              background: '#fff',
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
