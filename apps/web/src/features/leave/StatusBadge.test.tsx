import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './StatusBadge.tsx';

describe('the status badge', () => {
  it('is at least as wide as its label, so a narrow column never cuts it to "PENDING AP…"', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <StatusBadge status="pending_final_approval" />
      </MantineProvider>,
    );
    expect(html).toContain('Pending final approval');
    expect(html).toMatch(/style="[^"]*min-width:\s*max-content/);
  });
});
