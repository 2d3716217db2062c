import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * Issue 27, coaching (spec part 3 sections 3 and 5-9): the coach relationship (entity 21), moved by
 * the metadata workflow `coaching` (its state in `state`: requested, approved, rejected, closed,
 * withdrawn), with the PDP sharing flag of an approved relationship (`pdp_shared`); the lines of its
 * history (entity 22: who acted, when, the spec's action code, the comment); and the rows a coach
 * searches (the coaching user row, entity 221: one per active staff role at an organization and one
 * for a person with none, as Search Users lists people) and the person a request names (entity 222).
 *
 * At most one open (requested or approved) coaching between a coach and a person: a partial unique
 * index, so two requests sent at once leave one relationship.
 */
const RELATIONSHIP_ROWS = `
create view coach_relationship_rows as
select r.id, r.coach_id, r.primary_entity_id, r.primary_entity_id as user_id, r.state, r.pdp_shared,
  (r.state = 'approved') as active,
  case r.state when 'requested' then 1 when 'approved' then 2 when 'rejected' then 3 when 'closed' then 4 when 'withdrawn' then 5 end as status,
  p.first_name || ' ' || p.last_name as primary_entity_name, p.user_name as primary_entity_user_name,
  c.first_name || ' ' || c.last_name as coach_name,
  (select count(*) from coach_relationship_actions a where a.coach_relationship_id = r.id) as action_count,
  (select max(a.id) from coach_relationship_actions a where a.coach_relationship_id = r.id) as last_action_id,
  (select max(a.created_at) from coach_relationship_actions a where a.coach_relationship_id = r.id) as last_action_at,
  r.disabled, r.created_at, r.updated_at, r.created_by, r.updated_by
from coach_relationships r
join users p on p.id = r.primary_entity_id
join users c on c.id = r.coach_id`;

const ACTION_ROWS = `
create view coach_relationship_action_rows as
select a.id, a.coach_relationship_id, a.acting_user_id, a.action_code, a.comments,
  r.coach_id, r.primary_entity_id, r.primary_entity_id as user_id,
  u.first_name || ' ' || u.last_name as acting_user_name,
  a.created_at as action_date_time,
  a.disabled, a.created_at, a.updated_at, a.created_by, a.updated_by
from coach_relationship_actions a
join coach_relationships r on r.id = a.coach_relationship_id
join users u on u.id = a.acting_user_id`;

/** The people a coach searches: one row per active staff role (100) at an organization, and one for a person holding no staff role at any organization. */
const COACHING_PEOPLE_ROWS = `
create view coaching_people_rows as
select r.id, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by,
  r.user_id, u.first_name || ' ' || u.last_name as full_name, u.user_name, u.registry_id,
  lower(u.first_name || ' ' || u.last_name || ' ' || u.user_name) as searchable_name,
  r.organization_id, o.organization_name,
  coalesce(o.agency_is_closed, false) as agency_is_closed,
  exists (select 1 from compliance_reports c where c.user_id = r.user_id and c.organization_id = r.organization_id and c.cycle_end <= %TODAY%) as has_archived_compliance_report,
  (select max(e.id) from employment_records e where e.user_id = r.user_id and e.organization_id = r.organization_id and e.end_date is null and e.disabled = false) as employment_record_id,
  (select max(e.title_position) from employment_records e where e.user_id = r.user_id and e.organization_id = r.organization_id and e.end_date is null and e.disabled = false) as title_position
from user_roles r
join users u on u.id = r.user_id
left join organizations o on o.id = r.organization_id
where r.role = '100' and r.active = true
  and (r.organization_id is not null or not exists (select 1 from user_roles x
    where x.user_id = r.user_id and x.role = '100' and x.active = true and x.organization_id is not null))`;

/**
 * Each coach with each person they have a coaching with (any state): whether it is active or
 * pending, the relationship the row's links act on (the open one, else the latest), and the lines
 * of history of all their coachings (the spec's coaching user row).
 */
const COACH_PAIRS = `
create view coach_pairs as
select p.coach_id, p.primary_entity_id,
  exists (select 1 from coach_relationships x where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id and x.state = 'approved') as coach_active,
  exists (select 1 from coach_relationships x where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id and x.state = 'requested') as coach_request_pending,
  coalesce((select max(x.id) from coach_relationships x where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id and x.state in ('requested', 'approved')),
    (select max(x.id) from coach_relationships x where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id)) as coach_relationship_id,
  (select max(a.id) from coach_relationship_actions a join coach_relationships x on x.id = a.coach_relationship_id where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id) as last_coach_relationship_action_id,
  (select count(*) from coach_relationship_actions a join coach_relationships x on x.id = a.coach_relationship_id where x.coach_id = p.coach_id and x.primary_entity_id = p.primary_entity_id) as coach_relationship_action_count
from (select distinct coach_id, primary_entity_id from coach_relationships) p`;

/**
 * The coaching user row (entity 221): a view cannot know who asks, so each person's row comes once
 * with no coach (coach_id null) and once more for each coach who has a coaching with them; the
 * grid's `rows` rule keeps the caller's own row of a person, else the row with no coach (a row id,
 * the staff role's, is unique among the rows one coach sees).
 */
const COACHING_USER_ROWS = `
create view coaching_user_rows as
select b.*, null as coach_id, false as coach_active, false as coach_request_pending, null as coach_relationship_id,
  null as last_coach_relationship_action_id, 0 as coach_relationship_action_count
from coaching_people_rows b
union all
select b.*, k.coach_id, k.coach_active, k.coach_request_pending, k.coach_relationship_id,
  k.last_coach_relationship_action_id, k.coach_relationship_action_count
from coaching_people_rows b
join coach_pairs k on k.primary_entity_id = b.user_id`;

/** The person a coaching request names (its parent record): every account; PostgreSQL locks the person's users row through this simple view while a request is made. */
const COACHABLE_PEOPLE = `
create view coachable_people as
select u.id, u.first_name || ' ' || u.last_name as full_name, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by
from users u`;

export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.schema.createTable('coach_relationships', (t) => {
    t.increments('id');
    t.integer('coach_id').notNullable().references('id').inTable('users');
    t.integer('primary_entity_id').notNullable().references('id').inTable('users');
    t.string('state', 20).notNullable().defaultTo('requested');
    t.boolean('pdp_shared').notNullable().defaultTo(false);
    recordColumns(t);
    if (pg) t.jsonb('ext').nullable();
    else t.text('ext').nullable();
    t.index(['coach_id', 'state']);
    t.index(['primary_entity_id', 'state']);
  });
  await knex.raw("create unique index coach_relationships_open on coach_relationships (coach_id, primary_entity_id) where state in ('requested', 'approved')");
  await knex.schema.createTable('coach_relationship_actions', (t) => {
    t.increments('id');
    t.integer('coach_relationship_id').notNullable().references('id').inTable('coach_relationships');
    t.integer('acting_user_id').notNullable().references('id').inTable('users');
    t.integer('action_code').notNullable();
    t.text('comments').nullable();
    recordColumns(t);
    if (pg) t.jsonb('ext').nullable();
    else t.text('ext').nullable();
    t.index(['coach_relationship_id', 'id']);
  });
  await knex.raw(RELATIONSHIP_ROWS);
  await knex.raw(ACTION_ROWS);
  await knex.raw(COACHING_PEOPLE_ROWS.replace('%TODAY%', pg ? 'current_date' : "date('now')"));
  await knex.raw(COACH_PAIRS);
  await knex.raw(COACHING_USER_ROWS);
  await knex.raw(COACHABLE_PEOPLE);
}

export async function down(knex: Knex): Promise<void> {
  for (const v of ['coachable_people', 'coaching_user_rows', 'coach_pairs', 'coaching_people_rows', 'coach_relationship_action_rows', 'coach_relationship_rows']) await knex.raw(`drop view if exists ${v}`);
  await knex.schema.dropTableIfExists('coach_relationship_actions');
  await knex.schema.dropTableIfExists('coach_relationships');
}
