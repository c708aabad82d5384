import type { Template } from '@crewplan/domain/templates/templates';
import { plural } from '@crewplan/domain/shared/words';

/** The template picker's dropdown width (rule 280). */
export const TEMPLATE_PICKER_WIDTH = 400;
export const NONE_VALUE = 'none';

export type TemplateSummary = Pick<Template, '_id' | 'title' | 'isPrivate' | 'org' | 'isProposalTemplate'> & { dataPlanItems: unknown[] };

/** Whether a template is personal (its owner's only) rather than an organisation's. */
export const isPersonal = (template: Pick<Template, 'isPrivate' | 'org'>) => template.isPrivate || template.org === null;

/**
 * What the picker lists for a new mission: my personal templates and those of the mission's organisation (others'
 * organisations' are left out); proposal templates for proposals, the others otherwise.
 */
export function pickableTemplates<T extends TemplateSummary>(templates: readonly T[], org: string | null, proposal: boolean): T[] {
  return templates
    .filter((template) => template.isProposalTemplate === proposal)
    .filter((template) => isPersonal(template) || (org !== null && template.org === org))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The picker's data: 'None', then groups of organisation and personal templates with their plan sizes. */
export function pickerData(
  templates: readonly TemplateSummary[],
): ({ value: string; label: string } | { group: string; items: { value: string; label: string }[] })[] {
  const item = (template: TemplateSummary) => ({
    value: template._id,
    label: `${template.title} (${plural(template.dataPlanItems.length, 'plan item')})`,
  });
  const organisation = templates.filter((template) => !isPersonal(template)).map(item);
  const personal = templates.filter(isPersonal).map(item);
  return [
    { value: NONE_VALUE, label: 'None' },
    ...(organisation.length > 0 ? [{ group: 'Organisation', items: organisation }] : []),
    ...(personal.length > 0 ? [{ group: 'Personal', items: personal }] : []),
  ];
}

/** The body of a sharing change: personal has no organisation; an organisation template names it. */
export function sharingChange(personal: boolean, org: string | null): { isPrivate: boolean; org: string | null } {
  return personal || org === null ? { isPrivate: true, org: null } : { isPrivate: false, org };
}

/** What the dialog says the template keeps of the plan. */
export function keptText(items: number): string {
  return items === 1
    ? '1 plan item is kept, with its dates relative to the project start.'
    : `${items} plan items are kept, with their dates relative to the project start.`;
}
