import type { Knex } from 'knex';
import { containsPattern } from './text-index.js';

/**
 * organizations and the organization user rows (the staff of an organization): the agency
 * searches, the headers of the staff screens and reports. Boolean columns come back as 0/1 on
 * SQLite and true/false on PostgreSQL.
 */

type Db = Knex | Knex.Transaction;

/** An organization as the staff screens name it. */
export interface OrganizationHeader { id: number; organization_name: string; disabled: boolean | number }

/** An organization with its registry and closed flags. */
export interface ReportOrganizationRow { id: number; organization_name: string; is_registry_organization: boolean | number; agency_is_closed: boolean | number }

/** A person holding the staff role at an organization (organization_user_rows). */
export interface StaffMemberRow { id: number; full_name: string; registry_id: string; title_position: string | null }

/** Whether an organization with this id exists. */
export async function organizationExists(db: Db, id: number): Promise<boolean> {
  return (await db('organizations').where({ id }).first('id')) !== undefined;
}

/** An organization's id, name and disabled flag. */
export async function organizationHeader(db: Db, id: number): Promise<OrganizationHeader | undefined> {
  return (await db('organizations').where({ id }).first('id', 'organization_name', 'disabled')) as OrganizationHeader | undefined;
}

/** An organization's name, or undefined when there is no such organization. */
export async function organizationName(db: Db, id: number): Promise<string | undefined> {
  const row = (await db('organizations').where({ id }).first('organization_name')) as { organization_name: string } | undefined;
  return row?.organization_name;
}

/** The id and name of each of these organizations that exists. */
export async function organizationNames(db: Db, ids: readonly number[]): Promise<{ id: number; organization_name: string }[]> {
  return (await db('organizations').whereIn('id', [...ids]).select('id', 'organization_name')) as { id: number; organization_name: string }[];
}

/** An organization as the Training Report decides on it: whether it is an open registry organization. */
export async function reportOrganization(db: Db, id: number): Promise<ReportOrganizationRow | undefined> {
  return (await db('organizations').where({ id }).first('id', 'organization_name', 'is_registry_organization', 'agency_is_closed')) as ReportOrganizationRow | undefined;
}

/** An enabled organization's id and name, or undefined when there is none or it is disabled. */
export async function enabledOrganization(db: Db, id: number): Promise<{ id: number; organization_name: string } | undefined> {
  return (await db('organizations').where({ id, disabled: false }).first('id', 'organization_name')) as { id: number; organization_name: string } | undefined;
}

/** The counties of enabled organizations containing the term (any case), distinct, in order, at most `limit`. */
export async function countiesContaining(db: Db, term: string, limit: number): Promise<string[]> {
  const rows = (await db('organizations').where({ disabled: false }).whereNotNull('county')
    .whereRaw(`lower(county) like ? escape '\\'`, [containsPattern(term)]).distinct('county').orderBy('county').limit(limit)) as { county: string }[];
  return rows.map((r) => r.county);
}

/** The enabled organizations of a county (any case), by name then id, at most `limit`. */
export async function enabledOrganizationsInCounty(db: Db, county: string, limit: number): Promise<{ id: number; organization_name: string }[]> {
  return (await db('organizations').where({ disabled: false }).whereRaw('lower(county) = ?', [county.toLowerCase()])
    .orderBy('organization_name').orderBy('id').limit(limit).select('id', 'organization_name')) as { id: number; organization_name: string }[];
}

/** The enabled staff of an organization (its organization user rows), by full name then id. */
export async function staffOfOrganization(db: Db, organizationId: number): Promise<StaffMemberRow[]> {
  return (await db('organization_user_rows').where({ organization_id: organizationId, disabled: false })
    .orderBy([{ column: 'full_name' }, { column: 'id' }]).select('id', 'full_name', 'registry_id', 'title_position')) as StaffMemberRow[];
}
