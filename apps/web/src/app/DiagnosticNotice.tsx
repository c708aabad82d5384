import { Alert } from '@mantine/core';
import { setParams } from '../lib/url-state.ts';

/** After a rendering failure: the reference the person can give support. */
export function DiagnosticNotice({ value }: { value: string }) {
  return (
    <div style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 300, maxWidth: 360 }}>
      <Alert
        color="yellow"
        title="Something went wrong"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setParams({ diagnostic: null }, { replace: true })}
        role="status"
      >
        We brought you back home. Reference: {value}
      </Alert>
    </div>
  );
}
