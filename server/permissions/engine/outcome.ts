/**
 * What a check found: the subject is a member, is not, or the check ran into a limit before it
 * could tell. An unknown outcome is a "no" for the caller, unless strict mode says it must be
 * told that the answer is not certain.
 */

export type Limitation = 'max_depth_exceeded' | 'max_width_exceeded';

export type Outcome = { membership: 'member' } | { membership: 'not-member' } | { membership: 'unknown'; limitation: Limitation };

export const MEMBER: Outcome = { membership: 'member' };
export const NOT_MEMBER: Outcome = { membership: 'not-member' };
export const DEPTH_EXCEEDED: Outcome = { membership: 'unknown', limitation: 'max_depth_exceeded' };
export const WIDTH_EXCEEDED: Outcome = { membership: 'unknown', limitation: 'max_width_exceeded' };

export type Step = () => Promise<Outcome>;

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
  let any = false;
  for (const step of steps) {
    any = true;
    const outcome = await step();
    if (outcome.membership === 'not-member') return outcome;
    if (outcome.membership === 'unknown') unknown ??= outcome;
  }
  if (!any) return NOT_MEMBER;
  return unknown ?? MEMBER;
}

/** `!`: member and non-member swap; unknown stays unknown. */
export function invert(outcome: Outcome): Outcome {
  if (outcome.membership === 'member') return NOT_MEMBER;
  if (outcome.membership === 'not-member') return MEMBER;
  return outcome;
}
