/**
 * What a check found: the subject is a member, is not, or the check ran into a limit before it
 * could tell. An unknown outcome is a "no" for the caller, unless strict mode says it must be
 * told that the answer is not certain.
 */

import type { RelationTuple, SubjectSet } from '../tuple.js';

export type Limitation = 'max_depth_exceeded' | 'max_width_exceeded';

/**
 * One step of how a member got in, from the relation asked about down to the subject:
 * - `stored`: `tuple` is the subject stored in `set` itself;
 * - `subject-set`: a subject set stored in `set` holds the subject (`tuple`, when it was read);
 * - `rule`: the rule of `set` lets in the next step's relation;
 * - `traverse`: the rule of `set` goes on to the object `tuple` stores in the traversed relation.
 */
export interface PathStep {
  set: SubjectSet;
  via: 'stored' | 'subject-set' | 'rule' | 'traverse';
  tuple?: RelationTuple;
}

export type Outcome = { membership: 'member'; path?: readonly PathStep[] } | { membership: 'not-member' } | { membership: 'unknown'; limitation: Limitation };

export const MEMBER: Outcome = { membership: 'member' };
export const NOT_MEMBER: Outcome = { membership: 'not-member' };
export const DEPTH_EXCEEDED: Outcome = { membership: 'unknown', limitation: 'max_depth_exceeded' };
export const WIDTH_EXCEEDED: Outcome = { membership: 'unknown', limitation: 'max_width_exceeded' };

export type Step = () => Promise<Outcome>;

/** A member outcome with `step` before its path; anything else as it is. */
export function through(step: PathStep, outcome: Outcome): Outcome {
  return outcome.membership === 'member' ? { membership: 'member', path: [step, ...(outcome.path ?? [])] } : outcome;
}

/**
 * `||`: the first member decides; otherwise unknown if a step ran into a limit (the first such
 * limit is reported), else not a member. No steps: not a member.
 */
export async function union(steps: Iterable<Step>): Promise<Outcome> {
  let unknown: Outcome | undefined;
  for (const step of steps) {
    const outcome = await step();
    if (outcome.membership === 'member') return outcome;
    if (outcome.membership === 'unknown') unknown ??= outcome;
  }
  return unknown ?? NOT_MEMBER;
}

/** `&&`: the first non-member decides; otherwise unknown if a step ran into a limit, else a member. No steps: not a member. */
export async function intersection(steps: Iterable<Step>): Promise<Outcome> {
  let unknown: Outcome | undefined;
  let member: Outcome | undefined;
  for (const step of steps) {
    const outcome = await step();
    if (outcome.membership === 'not-member') return outcome;
    if (outcome.membership === 'unknown') unknown ??= outcome;
    // The way in through the first operand stands for them all.
    else member ??= outcome;
  }
  if (!member && !unknown) return NOT_MEMBER;
  return unknown ?? member!;
}

/** `!`: member and non-member swap; unknown stays unknown. */
export function invert(outcome: Outcome): Outcome {
  if (outcome.membership === 'member') return NOT_MEMBER;
  if (outcome.membership === 'not-member') return MEMBER;
  return outcome;
}
