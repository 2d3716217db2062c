/**
 * The two type labels of an endorsement (spec part 2 section 3 "Endorsement detail"): the infant
 * mental health kind is recognised by its marker in the name - the credential's abbreviation IMH
 * (as in IMH-E) or the words "infant mental health" / "infant and early childhood mental health".
 */
export type EndorsementKind = 'infant-mental-health' | 'early-childhood';

const INFANT_MENTAL_HEALTH = /\bIMH\b|\binfant (?:and early childhood )?mental health\b/i;

export function endorsementKind(name: string | null | undefined): EndorsementKind {
  return name && INFANT_MENTAL_HEALTH.test(name) ? 'infant-mental-health' : 'early-childhood';
}

/** The text catalogue key of each kind's label. */
export const ENDORSEMENT_TYPE_TEXT: Record<EndorsementKind, string> = {
  'infant-mental-health': 'endorsement.typeInfantMentalHealth',
  'early-childhood': 'endorsement.typeEarlyChildhood',
};
