import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useLicenceKey, usePromoCode, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { licenceErrorText } from './mission-rules.ts';

function CodeForm({ label, button, mutation }: { label: string; button: string; mutation: UseMutationResult<unknown, Error, string> }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim())
          mutation.mutate(code.trim(), {
            onSuccess: () => {
              setCode('');
              notifications.show({ message: 'The mission is licensed.' });
            },
          });
      }}
    >
      <Stack gap={6}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={label}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            maxLength={100}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" loading={mutation.isPending} disabled={!code.trim()}>
            {button}
          </Button>
        </Group>
        {mutation.isError && <FormError>{licenceErrorText(mutation.error)}</FormError>}
      </Stack>
    </form>
  );
}

/** Licence key and promo code of the mission. */
export function LicenceForms({ mission }: { mission: Mission }) {
  const licence = useLicenceKey(mission._id) as UseMutationResult<unknown, Error, string>;
  const promo = usePromoCode(mission._id) as UseMutationResult<unknown, Error, string>;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Licence
        </Text>
        <Badge variant="light" color={mission.isLicensedActive ? 'green' : 'gray'}>
          {mission.isLicensedActive ? 'Active' : 'Free plan'}
        </Badge>
      </Group>
      <CodeForm label="Licence key" button="Activate" mutation={licence} />
      <CodeForm label="Promo code" button="Apply" mutation={promo} />
    </Stack>
  );
}
