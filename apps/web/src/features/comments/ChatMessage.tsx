import { useState } from 'react';
import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { CommentDto } from './api.ts';
import { plainTextOf, splitQuote } from './chat-rules.ts';
import classes from './chat.module.css';
import { plural } from '@crewplan/domain/shared/words';

export const authorName = (comment: CommentDto) =>
  comment.createdBy ? `${comment.createdBy.firstName} ${comment.createdBy.lastName}`.trim() : 'Someone';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export interface ChatMessageProps {
  comment: CommentDto;
  /** The message this one answers, when it is in the same chat. */
  answers: CommentDto | null;
  canReply: boolean;
  onReply: () => void;
  onClap: () => void;
  onSave: (text: string) => Promise<unknown>;
  onDelete: () => void;
}

/** One message: author, time, its (server-sanitised) HTML, edited mark, claps, and what the viewer may do with it. */
export function ChatMessage({ comment, answers, canReply, onReply, onClap, onSave, onDelete }: ChatMessageProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const name = authorName(comment);
  const time = new Date(comment.createdAt);
  const claps = comment.claps.length;
  const save = async () => {
    if (draft === null || !draft.trim()) return;
    await onSave(draft);
    setDraft(null);
  };
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="chat-message" aria-label={`Message from ${name}`} role="article">
      <Avatar src={comment.createdBy?.avatar ?? undefined} alt="" radius="xl" size="md" color="brand" variant="filled">
        {initials(name)}
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
            {time.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
          {comment.editedAt && (
            <Text size="xs" c="dimmed" data-testid="chat-edited">
              (edited)
            </Text>
          )}
          {answers && (
            <Text size="xs" c="dimmed">
              replying to {authorName(answers)}
            </Text>
          )}
        </Group>
        {draft === null ? (
          <div className={classes.body} data-testid="chat-text" dangerouslySetInnerHTML={{ __html: comment.text }} />
        ) : (
          <Stack gap={4}>
            <Textarea
              label="Edit message"
              autosize
              minRows={2}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
                if (event.key === 'Escape') setDraft(null);
              }}
            />
            <Group gap="xs">
              <Button size="compact-sm" onClick={() => void save()} disabled={!draft.trim()}>
                Save
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant={comment.clapped ? 'light' : 'subtle'}
            aria-pressed={comment.clapped}
            aria-label={`Clap (${claps})`}
            onClick={onClap}
          >
            <span aria-hidden>👏</span>
            {claps > 0 && <span style={{ marginLeft: 4 }}>{claps}</span>}
          </Button>
          {canReply && (
            <Button size="compact-xs" variant="subtle" onClick={onReply}>
              Reply
            </Button>
          )}
          {comment.replyCount > 0 && (
            <Text size="xs" c="dimmed">
              {plural(comment.replyCount, 'reply', 'replies')}
            </Text>
          )}
          {comment.abilities.update && draft === null && (
            <Button size="compact-xs" variant="subtle" onClick={() => setDraft(plainTextOf(splitQuote(comment.text).rest))}>
              Edit
            </Button>
          )}
          {comment.abilities.delete && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
