/** Rule 259: the match/fit score is shown as 100 × the score with one decimal, a whole percent too ('80.0%'). */
export const fitText = (fitPercent: number) => `${fitPercent.toFixed(1)}%`;
