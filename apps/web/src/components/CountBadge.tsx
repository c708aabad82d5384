import { Badge } from '@mantine/core';

/** A count beside a tab's label (things to decide soon), named for screen readers; nothing without one. */
export function CountBadge({ count, label }: { count: number | null | undefined; label: string }) {
  if (!count) return null;
  return (
    <Badge size="sm" circle color="red" data-testid="tab-badge" aria-label={`${count} ${label}`}>
      {count}
    </Badge>
  );
}
