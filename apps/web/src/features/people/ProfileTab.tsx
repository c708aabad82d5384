import { useMemo, useState, type FormEvent } from 'react';
import { Avatar, Button, FileButton, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { needsNameCheck } from '@crewplan/domain/people/names';
import { useUpdateProfile, type Profile } from '../../lib/profile.ts';
import { useUploadAvatar } from './api.ts';

const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

export function ProfileTab({ profile, onNamesCompleted }: { profile: Profile; onNamesCompleted: () => void }) {
  const [form, setForm] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    timezone: profile.timezone ?? '',
    country: profile.country ?? '',
    state: profile.state ?? '',
    city: profile.city ?? '',
  });
  const update = useUpdateProfile();
  const zones = useMemo(timeZones, []);
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const namesWereMissing = needsNameCheck(profile);
    const orNull = (value: string) => value.trim() || null;
    update.mutate(
      {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        timezone: orNull(form.timezone),
        country: orNull(form.country),
        state: orNull(form.state),
        city: orNull(form.city),
      },
      {
        onSuccess: (saved) => {
          // the server capitalises names; show what it kept
          setForm((current) => ({ ...current, firstName: saved.firstName, lastName: saved.lastName }));
          notifications.show({ color: 'green', message: 'Your profile is saved.' });
          if (namesWereMissing && !needsNameCheck(saved)) onNamesCompleted();
        },
        onError: () => notifications.show({ color: 'red', message: 'Sorry. Your profile was not saved. Please try again.' }),
      },
    );
  };

  return (
    <Stack gap="xl">
      <AvatarSection profile={profile} />
      <form onSubmit={save} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Your details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...field('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
          </SimpleGrid>
          <Title order={2} size="h4" mt="md">
            Location
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Timezone"
              placeholder="Pick your timezone"
              data={zones}
              searchable
              clearable
              limit={50}
              value={form.timezone || null}
              onChange={(timezone) => setForm((current) => ({ ...current, timezone: timezone ?? '' }))}
            />
            <TextInput label="Country" autoComplete="country-name" {...field('country')} />
            <TextInput label="State or region" autoComplete="address-level1" {...field('state')} />
            <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function AvatarSection({ profile }: { profile: Profile }) {
  const upload = useUploadAvatar();
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();

  const choose = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notifications.show({ color: 'red', message: 'Please choose an image.' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Your avatar is updated.' }),
      onError: (error) => notifications.show({ color: 'red', message: error.message || 'Sorry. The upload failed.' }),
    });
  };

  return (
    <Group>
      <Avatar src={profile.avatar} alt="Your avatar" size={72} radius="xl" color="brand" variant="filled">
        {initials || null}
      </Avatar>
      <Stack gap={4}>
        <Text fw={500}>{`${profile.firstName} ${profile.lastName}`.trim() || profile.email}</Text>
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={upload.isPending}>
              Upload avatar
            </Button>
          )}
        </FileButton>
      </Stack>
    </Group>
  );
}
