import { useState } from 'react';
import { SegmentedControl, Stack } from '@mantine/core';
import { ExpensesTable } from './ExpensesTable.tsx';

/**
 * The organisation's expenses: its own (admins and managers decide them and see everybody's beyond drafts; members see
 * their own) and its missions'.
 */
export function OrgExpensesTab({ orgId }: { orgId: string }) {
  const [scope, setScope] = useState<'org' | 'org-missions'>('org');
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={scope}
        onChange={(value) => setScope(value as 'org' | 'org-missions')}
        data={[
          { value: 'org', label: 'The organization' },
          { value: 'org-missions', label: 'Its missions' },
        ]}
      />
      <ExpensesTable
        key={scope}
        source={{ kind: scope, orgId }}
        title={scope === 'org' ? 'Expenses of the organization' : 'Expenses of its missions'}
      />
    </Stack>
  );
}
