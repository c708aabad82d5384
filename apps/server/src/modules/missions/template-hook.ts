import type { Tx } from '../../db/database.ts';
import { appError } from '../../lib/errors.ts';

/**
 * Copies a template's plan into a mission being created from it (`POST /mission {template}`), inside the
 * creation's transaction. The templates module registers it; missions call `instantiateTemplate`.
 */
export type TemplateInstantiator = (
  tx: Tx,
  args: { templateId: string; missionId: string; personId: string; today: string },
) => Promise<void>;

let instantiator: TemplateInstantiator | null = null;

/** Registers the function that copies a template into a new mission (the templates module does, once). */
export function setTemplateInstantiator(fn: TemplateInstantiator): void {
  instantiator = fn;
}

/** Copies the template into the mission; 404 'template/not-found' when the caller may not use it. */
export async function instantiateTemplate(tx: Tx, args: Parameters<TemplateInstantiator>[1]): Promise<void> {
  if (!instantiator) throw appError('templateNotFound');
  return instantiator(tx, args);
}
