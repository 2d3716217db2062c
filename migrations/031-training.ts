import type { Knex } from 'knex';
import { recordColumns } from './helpers.js';

/**
 * Training operations (issue 14; spec part 3 sections 1-9): courses (entity 23), their sessions,
 * which the spec calls sections (entity 24), and enrollments (entity 26).
 *
 * - A course belongs to the trainer (role 250) who created it and carries what the training is:
 *   its classification (Core Knowledge Areas, target age groups, DHR standards, CDA areas, CCDF
 *   topics, delivery method: codes of the tenant's option lists, several joined by commas so the
 *   search's contains match works on them) and its hours, which the certificate and the training
 *   record posted at attendance carry.
 * - A section is one scheduled offering of a course: its dates, registration window, region,
 *   location, contact, seats and waitlist seats. `locked` is recordIsLocked of the session row.
 * - An enrollment is one person's place in a section. Rows are never deleted: cancelling,
 *   declining or denying changes the status, so 'had enrollments' is an exists over this table.
 *   One active enrollment (Registered, Waitlisted or Pending Approval) per person and section is
 *   a unique index, not only a check. The waitlist order is (waitlisted_at, id); the position is
 *   the rank in it, so positions have no gaps or duplicates by construction.
 */
export const ACTIVE_ENROLLMENT = "status in ('Registered', 'Waitlisted', 'Pending Approval')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('courses', (t) => {
    t.increments('id');
    t.integer('trainer_id').notNullable().references('id').inTable('users');
    t.string('course_name', 180).notNullable();
    t.text('description').nullable();
    t.string('core_knowledge_area', 200).nullable();
    t.string('target_age_group', 200).nullable();
    t.string('dhr_minimum_standard', 200).nullable();
    t.string('cda_area', 200).nullable();
    t.string('ccdf_area', 200).nullable();
    t.string('delivery_method', 60).nullable();
    t.float('training_hours').nullable();
    recordColumns(t);
    t.index(['trainer_id', 'disabled']);
  });
  await knex.schema.createTable('course_sections', (t) => {
    t.increments('id');
    t.integer('course_id').notNullable().references('id').inTable('courses');
    t.string('section_name', 180).notNullable();
    t.timestamp('training_start_date', { useTz: true }).notNullable();
    t.timestamp('training_end_date', { useTz: true }).notNullable();
    t.date('reg_start_date').nullable();
    t.date('reg_deadline_date').nullable();
    t.string('region', 60).nullable();
    t.string('location_name', 180).nullable();
    t.string('location_phone', 20).nullable();
    t.string('location_phone_ext', 10).nullable();
    t.string('location_address', 400).nullable();
    t.string('contact_name', 180).nullable();
    t.string('contact_phone', 20).nullable();
    t.string('contact_phone_ext', 10).nullable();
    t.string('contact_email', 254).nullable();
    t.text('session_information').nullable();
    t.text('other_information').nullable();
    t.integer('seats').notNullable();
    t.integer('waitlist_seats').notNullable().defaultTo(0);
    t.boolean('locked').notNullable().defaultTo(false);
    recordColumns(t);
    t.index(['course_id', 'disabled']);
    t.index(['training_start_date']);
  });
  await knex.schema.createTable('enrollments', (t) => {
    t.increments('id');
    t.integer('course_section_id').notNullable().references('id').inTable('course_sections');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.string('status', 30).notNullable();
    t.timestamp('waitlisted_at', { useTz: true }).nullable();
    t.string('comment', 2000).nullable();
    t.string('review_comment', 2000).nullable();
    t.integer('attendance').nullable();
    t.timestamp('attendance_at', { useTz: true }).nullable();
    t.integer('attendance_by').nullable();
    t.integer('training_record_id').nullable();
    t.integer('certificate_file_id').nullable();
    t.string('certificate_code', 40).nullable().unique();
    recordColumns(t);
    t.index(['course_section_id', 'status']);
    t.index(['user_id', 'status']);
  });
  await knex.raw(`create unique index enrollments_one_active on enrollments (course_section_id, user_id) where ${ACTIVE_ENROLLMENT}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists enrollments_one_active');
  await knex.schema.dropTableIfExists('enrollments');
  await knex.schema.dropTableIfExists('course_sections');
  await knex.schema.dropTableIfExists('courses');
}
