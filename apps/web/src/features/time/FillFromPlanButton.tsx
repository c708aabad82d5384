import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DaysOff } from '@crewplan/domain/time/plan-fill';
import type { GridRow } from './grid.ts';
import { planFilledCells } from './plan-fill.ts';

type Props = {
  rows: readonly GridRow[];
  typed: Readonly<Record<string, readonly string[]>>;
  monday: string;
  /** Weekdays the person does not work (from their ledger, once loaded). */
  daysOff?: DaysOff;
  /** Puts the filled rows into what the person has typed (nothing is saved here). */
  onFill: (cells: Record<string, string[]>) => void;
};

/** 'Fill from plan': the empty draft rows of the week get their role's planned hours, spread over the week (rule 11). */
export function FillFromPlanButton({ rows, typed, monday, daysOff, onFill }: Props) {
  const filled = planFilledCells(rows, typed, monday, daysOff);
  const count = Object.keys(filled).length;
  return (
    <Button
      variant="default"
      disabled={count === 0}
      title="Spreads each empty role's planned hours over the week. Nothing is saved until you save."
      onClick={() => {
        onFill(filled);
        notifications.show({
          message: `${count === 1 ? 'One role' : `${count} roles`} filled from the plan. Nothing is saved until you save.`,
        });
      }}
    >
      Fill from plan
    </Button>
  );
}
