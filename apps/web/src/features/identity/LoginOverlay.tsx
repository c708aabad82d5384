import { Modal } from '@mantine/core';
import { navigate, withParams } from '../../lib/url-state.ts';
import { LoginForm } from './LoginForm.tsx';

/** The `login` query parameter on a page other than the sign-in page. */
export function LoginOverlay() {
  // closed with nobody signed in: the sign-in page, keeping the query string
  const close = () => navigate(`/login${withParams(window.location.search, { login: null })}`);
  return (
    <Modal opened onClose={close} title="Sign in" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <LoginForm />
    </Modal>
  );
}
