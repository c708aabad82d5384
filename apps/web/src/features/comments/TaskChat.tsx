import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Loader, Select, Stack, Text, Title, Group } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { COMMENT_MESSAGES } from '@crewplan/domain/comments/comments';
import { chatTitle, replyQuote } from '@crewplan/domain/comments/rules';
import type { TaskSlotProps } from '../../lib/feature-slots.tsx';
import { useProfile } from '../../lib/profile.ts';
import { joinRoom } from '../../lib/realtime.ts';
import { useUrl } from '../../lib/url-state.ts';
import { uploadImage, useChatMutations, useChatTask, useChatTeam, useTaskComments, type CommentDto } from './api.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { authorName, ChatMessage } from './ChatMessage.tsx';
import { composeMessage, plainTextOf, replyBlock, splitQuote, type MentionPerson } from './chat-rules.ts';
import classes from './chat.module.css';
import { showRemovalFailure } from '../../lib/removal-failure.ts';

const TEAM_CHAT = 'team';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Sorry. Please try again.' });

/**
 * The comment panel of a task (spec 3 §2): 'Team chat', or one subtask's chat (titled by the subtask), chosen here;
 * its messages live (the room `comment/ActionItem/<id>`), and the comment box for those the server lets write.
 */
export function TaskChat({ missionId, actionItemId, title }: TaskSlotProps) {
  const headingId = useId();
  const selfId = useProfile().data?._id ?? null;
  const comments = useTaskComments(actionItemId);
  const task = useChatTask(actionItemId);
  const team = useChatTeam(missionId);
  const mutations = useChatMutations(actionItemId);
  const [topic, setTopic] = useState<string | null>(null);
  const [replyingTo, setReplyingTo] = useState<CommentDto | null>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => joinRoom(`comment/ActionItem/${actionItemId}`), [actionItemId]);

  // joining the task (a mention adds people to it) may open the comment box: ask the chat again
  const taskPeople = task.data?.people.join(',');
  const { refetch } = comments;
  useEffect(() => {
    if (taskPeople !== undefined) void refetch();
  }, [taskPeople, refetch]);

  const checklist = task.data?.checklist ?? [];
  const subtask = checklist.find((entry) => entry._id === topic) ?? null;

  // A link to the thread (`room=ActionItem`, `roomName`: the thread's name) brings the chat into view, with the chat
  // of the subtask of that name chosen (the team chat otherwise).
  const { params } = useUrl();
  const linked = params.get('room') === 'ActionItem';
  const linkedName = linked ? params.get('roomName') : null;
  const section = useRef<HTMLDivElement>(null);
  // once the messages are in (the task's other sections have drawn by then), so that the chat stays where it is put
  const loaded = comments.isSuccess;
  useEffect(() => {
    if (linked && loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [linked, loaded]);
  const linkedSubtask = linkedName ? (checklist.find((entry) => entry.title === linkedName)?._id ?? null) : null;
  useEffect(() => {
    if (linkedSubtask) setTopic(linkedSubtask);
  }, [linkedSubtask]);
  useEffect(() => {
    if (topic && task.data && !subtask) setTopic(null);
  }, [topic, task.data, subtask]);

  const all = comments.data?.comments;
  const shown = useMemo(() => (all ?? []).filter((comment) => comment.topic === (subtask ? topic : null)), [all, subtask, topic]);
  const byId = useMemo(() => new Map((all ?? []).map((comment) => [comment._id, comment])), [all]);
  const name = chatTitle(subtask ? { title: subtask.title, threadStartedAt: shown[0]?.createdAt ?? null } : null);
  const people = team.data ?? [];

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [shown.length]);

  const namesOf = (ids: readonly string[]): MentionPerson[] =>
    ids.flatMap((id) => {
      const person = people.find((entry) => entry.personId === id);
      return person ? [{ id, name: person.name }] : [];
    });

  const send = async (text: string, picked: MentionPerson[]) => {
    const { html, mentions } = composeMessage(text, picked);
    const answered = replyingTo?.createdBy ? { id: replyingTo.createdBy._id, name: authorName(replyingTo) } : null;
    const body = replyingTo && answered ? replyBlock(answered, replyingTo.text) + html : html;
    await mutations.post.mutateAsync(
      {
        text: body,
        mentions: answered ? [answered.id, ...mentions.filter((id) => id !== answered.id)] : mentions,
        topic: subtask ? subtask._id : null,
        replyTo: replyingTo?._id ?? null,
      },
      { onError: failed },
    );
    setReplyingTo(null);
  };

  const pasteImage = (image: File) => {
    void (async () => {
      try {
        const fileId = await uploadImage(actionItemId, image);
        await mutations.post.mutateAsync({
          text: `<img src="/api/drive/${fileId}" alt="Pasted image">`,
          mentions: [],
          topic: subtask ? subtask._id : null,
          replyTo: null,
        });
      } catch (error) {
        failed(error);
      }
    })();
  };

  const confirmDelete = (comment: CommentDto) =>
    openConfirm({
      title: 'Delete this message?',
      zIndex: 450,
      children: <Text size="sm">It is deleted for everybody, with its replies.</Text>,
      labels: { confirm: 'Delete message', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => mutations.remove.mutate(comment._id, { onError: showRemovalFailure }),
    });

  const canPost = comments.data?.canPost ?? false;
  return (
    <Stack ref={section} gap="sm" component="section" aria-labelledby={headingId} data-testid="task-chat">
      <Group justify="space-between" align="flex-end">
        <Title order={4} id={headingId} data-testid="chat-title">
          {name}
        </Title>
        {checklist.length > 0 && (
          <Select
            label="Chat"
            size="xs"
            w={220}
            allowDeselect={false}
            data={[
              { value: TEAM_CHAT, label: COMMENT_MESSAGES.teamChat },
              ...checklist.map((entry) => ({ value: entry._id, label: entry.title || COMMENT_MESSAGES.subtaskChat })),
            ]}
            value={subtask ? subtask._id : TEAM_CHAT}
            onChange={(value) => {
              setTopic(value && value !== TEAM_CHAT ? value : null);
              setReplyingTo(null);
            }}
            comboboxProps={{ zIndex: 400 }}
          />
        )}
      </Group>
      {comments.isPending ? (
        <Loader size="sm" aria-label="Loading the chat" />
      ) : (
        <div ref={log} className={classes.log} role="log" aria-label={`${name} of ${title}`} data-testid="chat-log">
          <Stack gap="md">
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No messages yet.
              </Text>
            )}
            {shown.map((comment) => (
              <ChatMessage
                key={comment._id}
                comment={comment}
                answers={comment.replyTo ? (byId.get(comment.replyTo) ?? null) : null}
                canReply={canPost}
                onReply={() => setReplyingTo(comment)}
                onClap={() => mutations.clap.mutate(comment._id, { onError: failed })}
                onSave={(text) => {
                  const { html, mentions } = composeMessage(text, namesOf(comment.mentions));
                  const { quote } = splitQuote(comment.text);
                  const quoted = comment.mentions.filter((id) => quote.includes(id));
                  return mutations.edit.mutateAsync(
                    { id: comment._id, text: quote + html, mentions: [...new Set([...quoted, ...mentions])] },
                    { onError: failed },
                  );
                }}
                onDelete={() => confirmDelete(comment)}
              />
            ))}
          </Stack>
        </div>
      )}
      {canPost && (
        <ChatComposer
          team={people}
          selfId={selfId}
          replyingTo={replyingTo ? replyQuote(authorName(replyingTo), plainTextOf(replyingTo.text)) : null}
          onCancelReply={() => setReplyingTo(null)}
          sending={mutations.post.isPending}
          onSend={send}
          onPasteImage={pasteImage}
        />
      )}
    </Stack>
  );
}
