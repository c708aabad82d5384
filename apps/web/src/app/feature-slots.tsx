import { TaskChatSlot } from '../features/comments/index.ts';
import { MissionFilesSlot, TaskFilesSlot } from '../features/files/index.ts';
import { BoardTimesheetsSlot } from '../features/time/index.ts';
import { CostTrackerSlot } from '../features/money/index.ts';
import { BoardExpensesSlot, OrgExpensesSlot } from '../features/expenses/index.ts';
import { BoardLeavesSlot, OrgLeavesSlot } from './leave-slots.tsx';
import { BoardAssignResourcesSlot, BoardRequestResourcesSlot, BoardSchedulingSlot } from '../features/role-plans/index.ts';
import type { FeatureSlots } from '../lib/feature-slots.tsx';

/** The parts one feature lends another's screens (see lib/feature-slots.tsx); each loads with the screen that shows it. */
export const featureSlots: FeatureSlots = {
  TaskChat: TaskChatSlot,
  TaskFiles: TaskFilesSlot,
  MissionFiles: MissionFilesSlot,
  BoardTimesheets: BoardTimesheetsSlot,
  BoardCostTracker: CostTrackerSlot,
  BoardExpenses: BoardExpensesSlot,
  OrgExpenses: OrgExpensesSlot,
  BoardLeaves: BoardLeavesSlot,
  OrgLeaves: OrgLeavesSlot,
  BoardRequestResources: BoardRequestResourcesSlot,
  BoardAssignResources: BoardAssignResourcesSlot,
  BoardScheduling: BoardSchedulingSlot,
};
