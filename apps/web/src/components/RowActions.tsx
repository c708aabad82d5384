import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowAction {
  /** what a screen reader hears, naming the row: 'Edit KPI Conversion rate' */
  label: string;
  onClick: () => void;
}

/** A table row's edit and delete icons, at the end of the row; either is left out when not given. */
export function RowActions({ edit, remove }: { edit?: RowAction | false; remove?: RowAction | false }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {edit && (
        <ActionIcon variant="subtle" color="gray" aria-label={edit.label} onClick={edit.onClick}>
          <IconPencil size={16} aria-hidden="true" />
        </ActionIcon>
      )}
      {/* red.8: the icon keeps its contrast on the striped and hovered rows in both modes */}
      {remove && (
        <ActionIcon variant="subtle" color="red.8" aria-label={remove.label} onClick={remove.onClick}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      )}
    </Group>
  );
}
