import { createContext, useContext, type ComponentType } from 'react';
import type { BoardWorkspace } from '@crewplan/domain/board/board';

/** What a task (action item) shows of other domains: its files and its chat. */
export type TaskSlotProps = { missionId: string; actionItemId: string; title: string };
/** What a mission shows of other domains: its project files. */
export type MissionSlotProps = { missionId: string };
/** What a board tab of another domain gets: the missions I manage and their people. */
export type BoardSlotProps = { workspace: BoardWorkspace | undefined };
/** What an organisation area tab of another domain gets: the organisation. */
export type OrgSlotProps = { orgId: string };

/**
 * Features never import each other; the app fills these slots so one feature's screen can show another's parts
 * (the task detail shows the files and the chat of that task).
 */
export type FeatureSlots = {
  TaskFiles?: ComponentType<TaskSlotProps>;
  TaskChat?: ComponentType<TaskSlotProps>;
  MissionFiles?: ComponentType<MissionSlotProps>;
  BoardTimesheets?: ComponentType<BoardSlotProps>;
  BoardCostTracker?: ComponentType<BoardSlotProps>;
  BoardExpenses?: ComponentType<BoardSlotProps>;
  OrgExpenses?: ComponentType<OrgSlotProps>;
  BoardLeaves?: ComponentType<BoardSlotProps>;
  BoardRequestResources?: ComponentType<BoardSlotProps>;
  BoardAssignResources?: ComponentType<BoardSlotProps>;
  BoardScheduling?: ComponentType<BoardSlotProps>;
  OrgLeaves?: ComponentType<{ orgId: string }>;
};

const SlotsContext = createContext<FeatureSlots>({});

export const FeatureSlotsProvider = SlotsContext.Provider;

export function useFeatureSlots(): FeatureSlots {
  return useContext(SlotsContext);
}
