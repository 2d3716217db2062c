import { describe, expect, it } from 'vitest';
import { ENDORSEMENT_TYPE_TEXT, endorsementKind } from '../../../engine/text/endorsement-type.js';

describe('the two endorsement type labels', () => {
  it.each([
    ['Infant and Early Childhood Mental Health Endorsement (IMH-E)', 'infant-mental-health'],
    ['IMH Endorsement: Infant Family Specialist', 'infant-mental-health'],
    ['Endorsement for Culturally Sensitive, Relationship-Focused Practice Promoting Infant Mental Health', 'infant-mental-health'],
    ['Early Childhood Special Education Endorsement', 'early-childhood'],
    ['Pre-K Endorsement (IMHOTEP program)', 'early-childhood'],
    ['', 'early-childhood'],
    [null, 'early-childhood'],
  ] as const)('%s -> %s', (name, kind) => {
    expect(endorsementKind(name)).toBe(kind);
  });

  it('names a catalogue text for each kind', () => {
    expect(ENDORSEMENT_TYPE_TEXT).toEqual({ 'infant-mental-health': 'endorsement.typeInfantMentalHealth', 'early-childhood': 'endorsement.typeEarlyChildhood' });
  });
});
