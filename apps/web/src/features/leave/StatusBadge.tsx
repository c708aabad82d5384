import { Badge } from '@mantine/core';
import type { LeaveStatus } from '@crewplan/domain/leave/rules';
import { STATUS_COLOR, STATUS_LABEL } from './format.ts';

export function StatusBadge({ status }: { status: LeaveStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" autoContrast data-testid="leave-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
