import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * The professional development plan (issue 27; spec part 2 sections 2, 3, 5 and 6): entities 11
 * (PDP Required Training), 12 (PDP Goals) and 13 (PDP Self Assessment), each owned by the
 * professional. Required trainings and goals move through the metadata workflow `pdp-verification`
 * (a director verifies and unverifies Completed items; the `verification_state` column). A goal's
 * reflections (the director's, the coach's) are the comments of its `reflect` and `coachReflect`
 * steps, kept in the workflow history with who wrote them and when. What each item holds is ours
 * to decide (docs/decisions.md, "Issue 27: the professional development plan").
 *
 * The views add what the grids and the workflow's rules read: the person's name, the verification
 * text, whether a comment was given on the item (a `comment` step), the verifier's name, whether
 * the item takes reflections (goals do) and the reflections with their authors.
 */
const TRAINING_TYPE = 11;
const GOAL_TYPE = 12;

const commented = (type: number, alias: string) =>
  `exists (select 1 from workflow_transitions w where w.entity_type_id = ${type} and w.entity_id = ${alias}.id and w.transition_id = 'comment') as has_comments`;
const verification = (alias: string) =>
  `case ${alias}.verification_state when 'verified' then 'Verified' else 'Not Verified' end as verification`;
const nameOf = (alias: string) => `trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

const TRAINING_ROWS = `
create view pdp_required_training_rows as
select t.id, t.user_id, ${nameOf('p')} as person_name, t.training_name, t.training_hours, t.due_date, t.status, t.completed_date, t.notes,
  t.verification_state, t.verified_by, t.verified_at, ${verification('t')},
  case when t.verified_by is null then null else ${nameOf('v')} end as verified_by_name,
  (1 = 0) as reflectable, cast(null as text) as reflection, cast(null as text) as coach_reflection,
  ${commented(TRAINING_TYPE, 't')}, t.ext,
  t.disabled, t.created_at, t.updated_at, t.created_by, t.updated_by
from pdp_required_trainings t
join users p on p.id = t.user_id
left join users v on v.id = t.verified_by`;

/** The goal's reflection of a kind: the comment of its `reflect` (or `coachReflect`) step, at most one (the workflow refuses a second). */
const reflectionJoin = (alias: string, transition: string) => `
left join workflow_transitions ${alias} on ${alias}.entity_type_id = ${GOAL_TYPE} and ${alias}.entity_id = g.id and ${alias}.transition_id = '${transition}'
left join users ${alias}u on ${alias}u.id = ${alias}.actor_id`;

const GOAL_ROWS = `
create view pdp_goal_rows as
select g.id, g.user_id, ${nameOf('p')} as person_name, g.goal_text, g.action_steps, g.target_date, g.status, g.completed_date,
  g.verification_state, g.verified_by, g.verified_at, ${verification('g')},
  case when g.verified_by is null then null else ${nameOf('v')} end as verified_by_name,
  (1 = 1) as reflectable,
  r.comment as reflection, r.actor_id as reflection_by, r.created_at as reflection_at,
  case when r.actor_id is null then null else ${nameOf('ru')} end as reflection_by_name,
  c.comment as coach_reflection, c.actor_id as coach_reflection_by, c.created_at as coach_reflection_at,
  case when c.actor_id is null then null else ${nameOf('cu')} end as coach_reflection_by_name,
  ${commented(GOAL_TYPE, 'g')}, g.ext,
  g.disabled, g.created_at, g.updated_at, g.created_by, g.updated_by
from pdp_goals g
join users p on p.id = g.user_id
left join users v on v.id = g.verified_by${reflectionJoin('r', 'reflect')}${reflectionJoin('c', 'coachReflect')}`;

function extColumn(knex: Knex, t: Knex.CreateTableBuilder): void {
  if (isPostgres(knex)) t.jsonb('ext').nullable();
  else t.text('ext').nullable();
}

function verificationColumns(t: Knex.CreateTableBuilder): void {
  t.string('status', 20).notNullable().defaultTo('Not Started');
  t.date('completed_date').nullable();
  t.string('verification_state', 20).notNullable().defaultTo('unverified');
  t.integer('verified_by').nullable().references('id').inTable('users');
  t.timestamp('verified_at', { useTz: true }).nullable();
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pdp_required_trainings', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('training_name', 180).notNullable();
    t.decimal('training_hours', 8, 2).nullable();
    t.date('due_date').nullable();
    verificationColumns(t);
    t.text('notes').nullable();
    recordColumns(t);
    extColumn(knex, t);
    t.index(['user_id', 'disabled']);
    t.index(['status', 'verification_state']);
  });
  await knex.schema.createTable('pdp_goals', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.text('goal_text').notNullable();
    t.text('action_steps').nullable();
    t.date('target_date').nullable();
    verificationColumns(t);
    recordColumns(t);
    extColumn(knex, t);
    t.index(['user_id', 'disabled']);
    t.index(['status', 'verification_state']);
  });
  await knex.schema.createTable('pdp_self_assessments', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('competency_area', 180).notNullable();
    t.string('rating', 40).notNullable();
    t.date('assessed_on').nullable();
    t.text('notes').nullable();
    recordColumns(t);
    extColumn(knex, t);
    t.index(['user_id', 'disabled']);
  });
  await knex.raw(TRAINING_ROWS);
  await knex.raw(GOAL_ROWS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists pdp_goal_rows');
  await knex.raw('drop view if exists pdp_required_training_rows');
  await knex.schema.dropTableIfExists('pdp_self_assessments');
  await knex.schema.dropTableIfExists('pdp_goals');
  await knex.schema.dropTableIfExists('pdp_required_trainings');
}
