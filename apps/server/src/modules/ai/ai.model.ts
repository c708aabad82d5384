import type { FastifyBaseLogger } from 'fastify';
import type { RankedCandidate } from '@crewplan/domain';
import type { Config } from '../../config.ts';

/** How many of the best rows a language model is shown (the rest keep their order after them). */
export const MODEL_ROWS = 30;

/** What the model proposed: an order of the ids it was given and, per id, one sentence of why. */
export type ModelProposal = { order: string[]; notes: Map<string, string> };

type Settings = NonNullable<Config['languageModel']>;

/**
 * Asks an OpenAI-compatible chat-completions endpoint to re-rank the best rows of a role. It sees only ids and the
 * figures (never names, leave kinds or rates). Any failure — refused, slow past the time-out, not JSON, ids it was
 * not given — answers null, logged at warn: the caller keeps the deterministic order (rule 258's fallback).
 */
export async function proposeOrder(
  settings: Settings,
  log: FastifyBaseLogger,
  role: { name: string; startDate: string; endDate: string; neededHours: number },
  rows: readonly RankedCandidate[],
): Promise<ModelProposal | null> {
  const shown = rows.slice(0, MODEL_ROWS).map((row) => ({
    id: row.personId,
    score: row.score,
    availabilityPercent: row.availabilityPercent,
    leaveConflictPercent: row.leaveConflictPercent,
    ...row.fitFacts,
  }));
  const body = {
    model: settings.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      {
        role: 'system',
        content:
          'You rank people for a project role. Answer only JSON {"order": [ids best first], "notes": {id: "one short sentence why"}}. ' +
          'Use only the ids given. Prefer people free for the hours needed, without leave, who fit the role.',
      },
      { role: 'user', content: JSON.stringify({ role, candidates: shown }) },
    ],
  };
  try {
    const response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`the model answered ${response.status}`);
    const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = answer.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the model answered no content');
    const parsed = JSON.parse(content) as { order?: unknown; notes?: unknown };
    const given = new Set(shown.map((row) => row.id));
    if (!Array.isArray(parsed.order) || !parsed.order.every((id) => typeof id === 'string' && given.has(id))) {
      throw new Error('the model answered ids it was not given');
    }
    const notes = new Map<string, string>();
    if (parsed.notes && typeof parsed.notes === 'object') {
      for (const [id, note] of Object.entries(parsed.notes as Record<string, unknown>)) {
        if (given.has(id) && typeof note === 'string' && note.trim()) notes.set(id, note.trim().slice(0, 300));
      }
    }
    return { order: parsed.order as string[], notes };
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'recommendation: language model failed, deterministic order kept',
    );
    return null;
  }
}
