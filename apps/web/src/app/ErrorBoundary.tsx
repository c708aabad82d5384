import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { reportToServer } from '../lib/client-log.ts';
import { navigate } from '../lib/url-state.ts';

function diagnosticId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface State {
  failedAt: number | null;
  repeated: boolean;
}

/**
 * On a rendering error: report it, unblock the interface and send the person home with a
 * diagnostic value (spec section 2). A second failure right after shows a reload button instead
 * of looping.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failedAt: null, repeated: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: Date.now() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const id = diagnosticId();
    const repeated = this.lastRecovery !== null && Date.now() - this.lastRecovery < 3_000;
    void reportToServer('error', { message: `render failure ${id}`, error, data: { diagnostic: id, componentStack: info.componentStack } });
    if (repeated) {
      this.setState({ repeated: true });
      return;
    }
    this.lastRecovery = Date.now();
    navigate(`/home?diagnostic=${id}`, { replace: true });
    this.setState({ failedAt: null });
  }

  private lastRecovery: number | null = null;

  override render() {
    if (this.state.repeated)
      return (
        <Center mih="100vh" component="main">
          <Stack align="center">
            <Title order={1} size="h3">
              Something went wrong
            </Title>
            <Text>Please reload the page.</Text>
            <Button onClick={() => window.location.assign('/home')}>Reload</Button>
          </Stack>
        </Center>
      );
    if (this.state.failedAt !== null) return null;
    return this.props.children;
  }
}
