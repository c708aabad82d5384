/** CRM role plans: the board's Request resources, Assign resources and Scheduling tabs (each a lazy chunk). */
export { BoardAssignResourcesSlot, BoardRequestResourcesSlot, BoardSchedulingSlot } from './slot.tsx';
