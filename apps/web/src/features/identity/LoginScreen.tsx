import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ColorModeToggle } from '../../components/ColorModeToggle.tsx';
import { useAppearanceControls } from '../../lib/appearance-controls.ts';
import { LoginForm } from './LoginForm.tsx';

/** The sign-in page at / and /login. */
export function LoginScreen() {
  const { mode, toggleMode } = useAppearanceControls();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Crewplan
          </Title>
          <ColorModeToggle mode={mode} onToggle={toggleMode} />
        </Group>
        <Paper withBorder shadow="sm" p="xl">
          <Stack>
            <div>
              <Title order={2} size="h3">
                Sign in
              </Title>
              <Text size="sm" c="dimmed">
                Plan your missions and the people on them.
              </Text>
            </div>
            <LoginForm />
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
