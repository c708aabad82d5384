import { TIMINGS } from '@crewplan/domain/shared/constants';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
    AudioContextClass | undefined;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** A short two-note chime made by an oscillator (no sound file is downloaded). Browsers may block it: then silence. */
export function playChime(): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    void audio.resume().catch(() => undefined);
    const gain = audio.createGain();
    gain.connect(audio.destination);
    const start = audio.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    for (const [frequency, offset] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const oscillator = audio.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start + offset);
      oscillator.connect(gain);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
  } catch {
    // audio is a nicety: a browser that refuses it keeps quiet
  }
}

/** Plays the chime after the spec's delay (1.5 s, rule 246); returns a function that cancels it. */
export function chimeSoon(): () => void {
  const timer = window.setTimeout(playChime, TIMINGS.notificationSoundDelayMs);
  return () => window.clearTimeout(timer);
}
