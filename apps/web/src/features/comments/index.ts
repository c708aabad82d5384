/** Task chat: lent to the task detail as a slot. */
export { TaskChatSlot } from './slot.tsx';
