/** The three modes of /home (rule 232); the choice is remembered locally (rule 294). */
export const HOME_MODES = [
  { value: 'work-ai', label: 'Work AI' },
  { value: 'task-master', label: 'Task master' },
  { value: 'do-ai', label: 'Do AI' },
] as const;
export type HomeMode = (typeof HOME_MODES)[number]['value'];

export const HOME_MODE_KEY = 'home-mode';

/** The remembered mode when it is one of the three, else Work AI. */
export function homeModeOf(remembered: string | null): HomeMode {
  return HOME_MODES.find((mode) => mode.value === remembered)?.value ?? 'work-ai';
}
