import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { EMAIL_PATTERN } from '../../lib/email-format.ts';

/** Tabs of My Space and the `myspace` value that opens each (`2fa` is the spec's). */
export const MY_SPACE_TABS = [
  { value: 'profile', param: '', label: 'Profile' },
  { value: 'email', param: 'email', label: 'Email' },
  { value: 'appearance', param: 'appearance', label: 'Appearance' },
  { value: '2fa', param: '2fa', label: 'Two-factor' },
] as const;
export type MySpaceTab = (typeof MY_SPACE_TABS)[number]['value'];

export function tabOfParam(param: string | null): MySpaceTab {
  return MY_SPACE_TABS.find((tab) => tab.param === param)?.value ?? 'profile';
}

export function paramOfTab(tab: string | null): string {
  return MY_SPACE_TABS.find((entry) => entry.value === tab)?.param ?? '';
}

/** Why a new email cannot replace the current one, before asking the server (null: go ahead). */
export function emailChangeProblem(current: string, next: string): string | null {
  const email = next.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) return ACCOUNT_MESSAGES.invalidEmail;
  if (email === current.trim().toLowerCase()) return ACCOUNT_MESSAGES.sameEmail;
  return null;
}

/** The secret of an otpauth:// URI, shown for people who cannot scan the QR code. */
export function totpSecret(totpUri: string): string {
  try {
    return new URL(totpUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
