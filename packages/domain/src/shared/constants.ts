/** Timings and shell constants of the spec (1-planning-workspace §9, rules V). */
export const TIMINGS = {
  signInTimeoutMs: 10_000,
  realtimePingMs: 5_000,
  offlineRebuildMs: 300_000,
  orgChangeDebounceMs: 400,
  doubleClickGuardMs: 400,
  notificationSoundDelayMs: 1_500,
  ssoErrorSignOutMs: 6_000,
  toastDefaultMs: 3_000,
  toastInviteSentMs: 1_000,
  toastOverlapMs: 6_000,
  toastVerifyNoticeMs: 13_000,
  cacheExpiryMs: 48 * 3_600_000,
} as const;

export const CACHE_VERSION = '1';

export const THEMES = ['main', 'peak', 'japan', 'sca', 'blue-sky'] as const;
export type ThemeName = (typeof THEMES)[number];

export const COLOR_MODES = ['light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export const LOADER_STYLES = ['bar', 'pacman', 'rings', 'rise'] as const;
export type LoaderStyle = (typeof LOADER_STYLES)[number];

export const LOG_SEVERITIES = ['info', 'warning', 'error', 'critical', 'debug', 'alert'] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

/** Modes of the email-link flows, opened with `?mode=…&oobCode=…`. */
export const EMAIL_LINK_MODES = [
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'verifyAndChangeEmail',
  'verifyEmailSecondary',
  'unsubscribe',
] as const;
export type EmailLinkMode = (typeof EMAIL_LINK_MODES)[number];
