import { z } from 'zod';
import { COLOR_MODES, THEMES } from '../shared/constants.ts';
import { emailSchema } from './email.ts';

/** A person's own profile as `GET /api/people/profile` returns it. */
export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  emailList: z.array(z.object({ email: z.string(), verified: z.boolean() })),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  theme: z.enum(THEMES),
  mode: z.enum(COLOR_MODES),
  appSettings: z.record(z.string(), z.unknown()),
  uiMessageFlags: z.record(z.string(), z.unknown()),
  country: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  timezone: z.string().nullable(),
  multiFactor: z.boolean(),
  invitePending: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const shortText = z.string().trim().max(100);

/**
 * A person's app settings and message flags are free-form, but bounded: serialised, each at most 64 KB (each save,
 * and all of its saves merged).
 */
export const APP_SETTINGS_MAX_BYTES = 64 * 1024;
export const APP_SETTINGS_TOO_LARGE = 'Your app settings are too large to save (at most 64 KB)';
export const MESSAGE_FLAGS_TOO_LARGE = 'Your message flags are too large to save (at most 64 KB)';
/** The size of a value serialised as JSON, in UTF-8 bytes. */
const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;
const boundedRecord = (tooLarge: string) =>
  z.record(z.string(), z.unknown()).refine((record) => jsonBytes(record) <= APP_SETTINGS_MAX_BYTES, tooLarge);

/** What `PUT /api/people/profile` accepts; every field optional. */
export const profileUpdateSchema = z
  .object({
    firstName: shortText,
    lastName: shortText,
    theme: z.enum(THEMES),
    mode: z.enum(COLOR_MODES),
    appSettings: boundedRecord(APP_SETTINGS_TOO_LARGE),
    uiMessageFlags: boundedRecord(MESSAGE_FLAGS_TOO_LARGE),
    country: shortText.nullable(),
    city: shortText.nullable(),
    state: shortText.nullable(),
    timezone: shortText.nullable(),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const emailBodySchema = z.object({ email: emailSchema });
export const oobCodeBodySchema = z.object({ oobCode: z.string().min(8).max(2048) });

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(8).max(128),
  token: z.string().max(4096).optional(),
  firstName: shortText.optional(),
  lastName: shortText.optional(),
});
