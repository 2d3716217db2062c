import type { Knex } from 'knex';

/**
 * attestations: an employer's attestation of a person's records (the entity stored there,
 * metadata/entities/attestation.json, holds the access rules). Boolean columns come back as 0/1 on
 * SQLite and true/false on PostgreSQL.
 */

type Db = Knex | Knex.Transaction;

/** The table attestations are kept in. */
export const ATTESTATION_TABLE = 'attestations';

/** An attestation with its attestor's names (null when there is no attestor). */
export interface StoredAttestationRow {
  organization_id: number;
  approved: boolean | number;
  attestation_date: string | Date | null;
  attestor_id: number | null;
  attestation_text: string;
  comment: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** The person's enabled attestations, one per organization, with their attestors' names. */
export async function attestationsOf(db: Db, userId: number): Promise<StoredAttestationRow[]> {
  return (await db(`${ATTESTATION_TABLE} as a`).leftJoin('users as u', 'u.id', 'a.attestor_id')
    .where({ 'a.user_id': userId, 'a.disabled': false })
    .select('a.organization_id', 'a.approved', 'a.attestation_date', 'a.attestor_id', 'a.attestation_text', 'a.comment', 'u.first_name', 'u.last_name')) as StoredAttestationRow[];
}
