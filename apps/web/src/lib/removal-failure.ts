import { notifications } from '@mantine/notifications';
import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';

/**
 * Spec 1 §8: a removal that fails toasts 'Oops...' (what was removed comes back with the refetch that follows every
 * write), with the server's reason beneath it.
 */
export function showRemovalFailure(error: unknown): void {
  notifications.show({
    color: 'red',
    title: SHELL_MESSAGES.removalFailed,
    message: error instanceof Error ? error.message : '',
    autoClose: 5_000,
  });
}
