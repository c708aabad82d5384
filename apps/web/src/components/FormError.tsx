import { Alert } from '@mantine/core';

/** A failed call's message under the form that made it (an Alert keeps AA contrast in both modes). */
export function FormError({ children, mt }: { children: string; mt?: string }) {
  return (
    <Alert color="red" role="alert" variant="light" p="xs" mt={mt}>
      {children}
    </Alert>
  );
}
