import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeyboardEvent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { confirmSettings } from './confirm.ts';

/**
 * Spec 3: a confirm panel confirms on Enter. The panel opens with its confirm button focused (Mantine's focus trap takes
 * the element marked data-autofocus, else the header's close button, where Enter cancels), and Enter on the panel
 * itself presses that button.
 */
const settings = confirmSettings({
  title: 'Delete this task?',
  labels: { confirm: 'Delete task', cancel: 'Keep it' },
  confirmProps: { color: 'red' },
  onConfirm: () => {},
});

/** An Enter (or another key) pressed on `target`, inside a panel whose confirm button is `button`. */
function press(key: string, target: { closest: (selector: string) => unknown }, button: { click: () => void } | null) {
  const event = {
    key,
    target,
    nativeEvent: { isComposing: false },
    defaultPrevented: false,
    preventDefault: vi.fn(),
    currentTarget: { querySelector: (selector: string) => (selector === '[data-confirm-button]' ? button : null) },
  };
  settings.onKeyDown!(event as unknown as KeyboardEvent<HTMLDivElement>);
  return event;
}
const panel = { closest: () => null };
const control = { closest: () => ({}) };

describe('a confirm panel', () => {
  it('opens with its confirm button focused, still red and named as before', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <Button {...settings.confirmProps}>{settings.labels!.confirm}</Button>
      </MantineProvider>,
    );
    const tag = html.slice(html.indexOf('<button'), html.indexOf('>', html.indexOf('<button')));
    expect(tag).toContain('data-autofocus="true"');
    expect(settings.confirmProps!.color).toBe('red');
    expect(html).toContain('>Delete task<');
    expect(settings.title).toBe('Delete this task?');
  });

  it('confirms on Enter pressed on the panel itself', () => {
    const button = { click: vi.fn() };
    const event = press('Enter', panel, button);
    expect(button.click).toHaveBeenCalledTimes(1);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('leaves Enter on a button (Cancel, close, the focused confirm) and other keys to themselves', () => {
    const button = { click: vi.fn() };
    press('Enter', control, button);
    press('Escape', panel, button);
    press(' ', panel, button);
    expect(button.click).not.toHaveBeenCalled();
  });
});

describe('the confirmations of the app', () => {
  it('all open through openConfirm, so each confirms on Enter', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const direct = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.tsx') && !file.endsWith(join('components', 'confirm.ts')))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes('openConfirmModal'));
    expect(direct).toEqual([]);
  });
});
