/**
 * How every resource's rules are written: `can(actor, verb, target)`.
 *
 * A route's gate asks with the target it knows before loading anything (the mission or organisation, and where the
 * route points); the entity's own facts (whose file, whose comment, whose week) are then left out, and the answer is
 * whether the caller may do the verb to some target of that kind. Services ask again with the facts once they have
 * loaded the entity, and the same rule decides.
 */
export type Policy<Actor, Verb extends string, Target> = {
  readonly verbs: readonly Verb[];
  can(actor: Actor, verb: Verb, target: Target): boolean;
};

/** The verbs of a policy as a lookup, for routing a verb to the resource it belongs to. */
export const verbsOf = <Verb extends string>(policy: { verbs: readonly Verb[] }): ReadonlySet<string> => new Set(policy.verbs);
