import { CheckIcon, ColorSwatch, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { THEME_BACKGROUNDS } from '@crewplan/domain/missions/status';
import { useUpdateMission, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';

/** The fourteen project backgrounds; choosing one saves it at once. */
export function ThemeSwatches({ mission }: { mission: Mission }) {
  const update = useUpdateMission(mission._id);
  const current = mission.theme?.backgroundColor.toLowerCase() ?? null;
  return (
    <div>
      <Text size="sm" fw={500} id="mission-theme-label" mb={6}>
        Theme
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby="mission-theme-label">
        {THEME_BACKGROUNDS.map((theme) => {
          const selected = current === theme.backgroundColor.toLowerCase();
          return (
            <Tooltip key={theme.id} label={theme.label}>
              <UnstyledButton
                role="radio"
                aria-checked={selected}
                aria-label={theme.label}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({ theme: { backgroundColor: theme.backgroundColor, backgroundImage: null, dark: theme.dark } })
                }
              >
                <ColorSwatch color={theme.backgroundColor} size={30} c={theme.dark ? 'white' : 'dark'}>
                  {selected && <CheckIcon size={12} />}
                </ColorSwatch>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Group>
      {update.isError && <FormError mt="xs">{update.error.message}</FormError>}
    </div>
  );
}
