import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/** Users, roles, organizations, the audit trail, the mail outbox and configuration. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('user_name', 254).notNullable().unique();
    t.string('email', 254).notNullable();
    t.string('secondary_email', 254).nullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('registry_id', 20).notNullable().unique();
    t.string('password_hash', 200).nullable();
    t.boolean('confirmed').notNullable().defaultTo(false);
    t.boolean('locked').notNullable().defaultTo(false);
    t.integer('failed_logins').notNullable().defaultTo(0);
    t.boolean('api_only').notNullable().defaultTo(false);
    t.boolean('first_time').notNullable().defaultTo(true);
    t.integer('terms_version').notNullable().defaultTo(0);
    t.string('active_role', 20).nullable();
    recordColumns(t);
  });
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.string('organization_name', 200).notNullable();
    t.string('address_line1', 200).nullable();
    t.string('address_line2', 200).nullable();
    t.string('city', 100).nullable();
    t.string('state', 2).nullable();
    t.string('zip_code', 10).nullable();
    t.string('county', 100).nullable();
    t.string('phone_number', 20).nullable();
    t.string('email', 254).nullable();
    t.string('regulatory_agency', 200).nullable();
    t.string('regulatory_status', 100).nullable();
    t.string('provider_type', 100).nullable();
    t.string('agency_status', 100).nullable();
    t.integer('licensed_capacity').nullable();
    t.boolean('is_registry_organization').notNullable().defaultTo(true);
    t.boolean('agency_is_closed').notNullable().defaultTo(false);
    recordColumns(t);
    t.index(['organization_name']);
    t.index(['county']);
  });
  await knex.schema.createTable('user_roles', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('role', 20).notNullable();
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.boolean('active').notNullable().defaultTo(true);
    t.date('end_date').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['user_id', 'active']);
    t.index(['organization_id', 'role']);
  });
  await knex.schema.createTable('audit', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable();
    t.integer('user_id').nullable();
    t.string('action', 60).notNullable();
    t.integer('entity_type_id').nullable();
    t.bigInteger('entity_id').nullable();
    t.text('detail').nullable();
    t.index(['entity_type_id', 'entity_id']);
    t.index(['user_id', 'at']);
  });
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('to_address', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('html').notNullable();
    t.text('text').nullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.text('last_error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['status', 'next_attempt_at']);
  });
  await knex.schema.createTable('configuration', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  if (isPostgres(knex)) await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['configuration', 'outbox', 'audit', 'user_roles', 'organizations', 'users']) await knex.schema.dropTableIfExists(t);
}
