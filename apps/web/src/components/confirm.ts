import type { KeyboardEvent } from 'react';
import { modals, type OpenConfirmModal } from '@mantine/modals';

/** Marks the confirm button, for the Enter key to find it. */
const CONFIRM_BUTTON = 'data-confirm-button';

/** What Enter already works on by itself (a button clicks, a link follows, a field types): those keep their own Enter. */
const OWN_ENTER = 'button, a[href], input, select, textarea, [contenteditable="true"], [role="button"], [role="link"]';

/**
 * A confirm panel confirms on Enter (spec 3). Mantine's focus trap would otherwise land on the header's close button,
 * where Enter cancels; so the confirm button takes the focus when the panel opens, and Enter on the panel itself (after a
 * click on its text) presses that button. Enter on another control (Cancel, close) does what that control does.
 */
export function confirmSettings(settings: OpenConfirmModal): OpenConfirmModal {
  return {
    ...settings,
    confirmProps: { ...settings.confirmProps, 'data-autofocus': true, [CONFIRM_BUTTON]: true },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      settings.onKeyDown?.(event);
      if (event.defaultPrevented || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
      const target = event.target as Element;
      if (target.closest(OWN_ENTER)) return;
      const button = event.currentTarget.querySelector<HTMLButtonElement>(`[${CONFIRM_BUTTON}]`);
      if (!button) return;
      event.preventDefault();
      button.click();
    },
  };
}

/** Every confirmation of the app opens through here: `modals.openConfirmModal` with Enter confirming. */
export function openConfirm(settings: OpenConfirmModal): string {
  return modals.openConfirmModal(confirmSettings(settings));
}
