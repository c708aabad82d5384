import { Badge } from '@mantine/core';
import type { LeaveStatus } from '@crewplan/domain/leave/rules';
import { STATUS_COLOR, STATUS_LABEL } from './format.ts';

/** A request's status; never cut short ('Pending final approval' in a narrow table column keeps its width). */
export function StatusBadge({ status }: { status: LeaveStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" autoContrast miw="max-content" data-testid="leave-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
