import type { Knex } from 'knex';
import { nowIso } from '../data/clock.js';
import { insertedId } from '../data/inserted-id.js';

/** The demo's granted requests (spec part 3 "Action types for requests": 1 Role Requested, 2 Role Granted). */
const ROLE_ACTION = { requested: 1, granted: 2 } as const;

/**
 * Demo organizations (entity 2) across several counties: centers, family and group homes, a Head
 * Start, a drop-in center and a closed agency.
 */
export const DEMO_ORGANIZATIONS = [
  { organization_name: 'Little Acorns Learning Center', address_line1: '1200 Charlotte Avenue', city: 'Nashville', county: 'Davidson', zip_code: '37203', phone_number: '(615) 555-0141', provider_type: 'Center', licensed_capacity: 84, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open', participates_in_certificate: true, provides_infant_care: true },
  { organization_name: 'Bright Horizons Family Child Care', address_line1: '418 Kingston Pike', city: 'Knoxville', county: 'Knox', zip_code: '37919', phone_number: '(865) 555-0172', provider_type: 'Family', licensed_capacity: 12, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open', provides_infant_care: true },
  { organization_name: 'Riverbend Early Learning Academy', address_line1: '77 Riverside Drive', city: 'Memphis', county: 'Shelby', zip_code: '38103', phone_number: '(901) 555-0113', provider_type: 'Center', licensed_capacity: 120, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open', agency_authorized_to_provide_transportation: true, participates_in_certificate: true },
  { organization_name: 'Sunny Days Group Home', address_line1: '905 Broad Street', city: 'Chattanooga', county: 'Hamilton', zip_code: '37402', phone_number: '(423) 555-0190', provider_type: 'Group', licensed_capacity: 18, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open' },
  { organization_name: 'Maple Street Child Development Center', address_line1: '31 Maple Street', city: 'Franklin', county: 'Williamson', zip_code: '37064', phone_number: '(615) 555-0122', provider_type: 'Center', licensed_capacity: 96, regulatory_agency: 'Department of Education', regulatory_status: 'Approved', agency_status: 'Open', participates_in_certificate: true, provides_infant_care: true },
  { organization_name: 'Cumberland Head Start', address_line1: '250 Main Street', city: 'Clarksville', county: 'Montgomery', zip_code: '37040', phone_number: '(931) 555-0155', provider_type: 'Head Start', licensed_capacity: 140, regulatory_agency: 'Department of Education', regulatory_status: 'Approved', agency_status: 'Open', agency_authorized_to_provide_transportation: true },
  { organization_name: 'Hillside Montessori School', address_line1: '12 Hillside Road', city: 'Murfreesboro', county: 'Rutherford', zip_code: '37130', phone_number: '(615) 555-0164', provider_type: 'Center', licensed_capacity: 60, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open' },
  { organization_name: 'Tiny Steps Drop-In Care', address_line1: '640 Germantown Parkway', city: 'Cordova', county: 'Shelby', zip_code: '38018', phone_number: '(901) 555-0148', provider_type: 'Drop-In', licensed_capacity: 30, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open' },
  { organization_name: 'Mountain View Preschool', address_line1: '88 Summit Avenue', city: 'Johnson City', county: 'Washington', zip_code: '37601', phone_number: '(423) 555-0136', provider_type: 'Center', licensed_capacity: 72, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open', provides_infant_care: true },
  { organization_name: 'Jackson Community Child Care', address_line1: '19 Highland Avenue', city: 'Jackson', county: 'Madison', zip_code: '38301', phone_number: '(731) 555-0117', provider_type: 'Center', licensed_capacity: 54, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open' },
  { organization_name: 'Oak Ridge Kids Corner', address_line1: '3 Tulane Avenue', city: 'Oak Ridge', county: 'Anderson', zip_code: '37830', phone_number: '(865) 555-0109', provider_type: 'Family', licensed_capacity: 7, regulatory_agency: 'Department of Human Services', regulatory_status: 'Closed', agency_status: 'Closed', agency_is_closed: true },
  { organization_name: 'Greeneville Little Learners', address_line1: '215 Depot Street', city: 'Greeneville', county: 'Greene', zip_code: '37743', phone_number: '(423) 555-0127', provider_type: 'Group', licensed_capacity: 15, regulatory_agency: 'Department of Human Services', regulatory_status: 'Licensed', agency_status: 'Open', provides_infant_care: true },
];

interface OrgRoleRow { user_id: number; organization_id: number; role: string }

/**
 * One current employment at each organization where a demo person holds a staff or director
 * role, with the request history that led there (requested and granted), linked to the roles.
 */
export async function seedDemoEmployment(trx: Knex.Transaction): Promise<void> {
  const rows = (await trx('user_roles').where({ active: true }).whereNotNull('organization_id').whereIn('role', ['100', '200'])
    .orderBy('id').select('user_id', 'organization_id', 'role')) as OrgRoleRow[];
  const byPlace = new Map<string, OrgRoleRow[]>();
  for (const r of rows) byPlace.set(`${r.user_id}/${r.organization_id}`, [...(byPlace.get(`${r.user_id}/${r.organization_id}`) ?? []), r]);
  const now = nowIso();
  const stamps = { disabled: false, created_at: now, updated_at: now };
  let n = 0;
  for (const roles of byPlace.values()) {
    const { user_id: userId, organization_id: organizationId } = roles[0]!;
    const director = roles.some((r) => r.role === '200');
    const employmentRecordId = insertedId(await trx('employment_records').insert({
      user_id: userId, organization_id: organizationId, title_position: director ? 'Director/Administrator' : 'Teacher',
      start_date: `${2016 + (n++ % 7)}-08-15`, ...stamps, created_by: userId, updated_by: userId,
    }).returning('id'));
    for (const r of [...roles].sort((a, b) => a.role.localeCompare(b.role))) {
      const action = { user_id: userId, organization_id: organizationId, employment_record_id: employmentRecordId, role: r.role, ...stamps };
      const requestId = insertedId(await trx('role_actions').insert({ ...action, action_type: ROLE_ACTION.requested, state: 'granted', acting_user_id: userId, created_by: userId, updated_by: userId }).returning('id'));
      await trx('role_actions').insert({ ...action, action_type: ROLE_ACTION.granted, parent_action_id: requestId, comments: 'Demo data', acting_user_id: null });
      await trx('user_roles').where({ user_id: userId, organization_id: organizationId, role: r.role, active: true }).update({ employment_record_id: employmentRecordId });
    }
  }
}
