/** The development outbox: mail that waits when no mail server is set. */
export { MailboxScreen } from './MailboxScreen.tsx';
