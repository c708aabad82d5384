import { useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, CloseButton, Combobox, Group, Paper, Stack, Text, Textarea, UnstyledButton, useCombobox } from '@mantine/core';
import { CHAT_EMOJIS } from '@crewplan/domain/comments/rules';
import { mentionCandidates, mentionQueryAt, replaceRange, type MentionPerson, type TeamMember } from './chat-rules.ts';
import classes from './chat.module.css';

export interface ChatComposerProps {
  team: readonly TeamMember[];
  selfId: string | null;
  /** The message being answered (its author's name and a short quote), or null. */
  replyingTo: { name: string; quote: string } | null;
  onCancelReply: () => void;
  sending: boolean;
  /** Sends the text with the people picked in it; resolves once stored (the box then empties). */
  onSend: (text: string, picked: MentionPerson[]) => Promise<unknown>;
  onPasteImage: (image: File) => void;
}

/**
 * The comment box: an emoji bar that inserts at the caret, a text area where '@' opens a picker of team members
 * (up to 100) and inserts the chosen name, and a send button (Ctrl or Cmd + Enter too). A pasted image is handed on.
 */
export function ChatComposer({ team, selfId, replyingTo, onCancelReply, sending, onSend, onPasteImage }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox();
  const typing = mentionQueryAt(text, caret);
  const query = typing ? typing.query : null;
  const candidates = useMemo(() => (query === null ? [] : mentionCandidates(team, query, selfId)), [team, query, selfId]);
  const pickerOpen = Boolean(typing) && candidates.length > 0;

  const place = (next: { text: string; caret: number }) => {
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const insert = (value: string) => {
    const at = area.current?.selectionStart ?? text.length;
    const end = area.current?.selectionEnd ?? at;
    place(replaceRange(text, at, end, value));
  };
  const pick = (personId: string) => {
    const person = candidates.find((candidate) => candidate.id === personId);
    if (!person || !typing) return;
    setPicked((now) => [...now.filter((p) => p.id !== person.id), person]);
    place(replaceRange(text, typing.start, caret, `@${person.name} `));
    combobox.closeDropdown();
  };
  const send = async () => {
    if (!text.trim() || sending) return;
    try {
      await onSend(text, picked);
    } catch {
      // the failure is shown; the text stays to try again
      return;
    }
    setText('');
    setCaret(0);
    setPicked([]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const image = Array.from(event.clipboardData.files).find((file) => file.type.startsWith('image/'));
    if (!image) return;
    event.preventDefault();
    onPasteImage(image);
  };

  return (
    <Stack gap={6}>
      <Group gap={2} role="toolbar" aria-label="Emojis" data-testid="emoji-bar">
        {CHAT_EMOJIS.map((emoji) => (
          <UnstyledButton key={emoji} className={classes.emoji} aria-label={`Insert ${emoji}`} onClick={() => insert(emoji)}>
            {emoji}
          </UnstyledButton>
        ))}
      </Group>
      {replyingTo && (
        <Paper withBorder p={6} data-testid="chat-replying">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed" lineClamp={2}>
              Replying to <b>{replyingTo.name}</b>: {replyingTo.quote}
            </Text>
            <CloseButton size="sm" aria-label="Cancel the reply" onClick={onCancelReply} />
          </Group>
        </Paper>
      )}
      <Combobox store={combobox} onOptionSubmit={pick} zIndex={400} position="top-start">
        <Combobox.Target>
          <Textarea
            ref={area}
            label="Message"
            placeholder="Write a message, @ to mention someone"
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setCaret(event.currentTarget.selectionStart);
              const next = mentionQueryAt(event.currentTarget.value, event.currentTarget.selectionStart);
              if (next) {
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
                requestAnimationFrame(() => combobox.selectFirstOption());
              } else combobox.closeDropdown();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!pickerOpen}>
          <Combobox.Options mah={220} style={{ overflowY: 'auto' }} aria-label="People to mention">
            {candidates.map((person) => (
              <Combobox.Option key={person.id} value={person.id}>
                {person.name}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Ctrl + Enter sends. Paste an image to share it.
        </Text>
        <Button onClick={() => void send()} loading={sending} disabled={!text.trim()}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
