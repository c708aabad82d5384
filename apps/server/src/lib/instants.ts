let lastTime = Number.NaN;
let lastText = '';

/**
 * An instant as ISO text (`toISOString`). The last one is remembered: a bulk write stamps hundreds of rows, history
 * entries and answers with the same `now`, and each conversion cost half a microsecond.
 */
export function isoText(instant: Date): string {
  const time = instant.getTime();
  if (time !== lastTime) {
    lastText = instant.toISOString();
    lastTime = time;
  }
  return lastText;
}
