import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * Issue 28, reference requests: a professional asks a referee by e-mail for a reference (entity 34,
 * moved by the metadata workflow `reference-request`: requested, answered, cancelled, expired). The
 * one-time link's code is stored only as its SHA-256 hash (code_hash), valid until expires_at; the
 * answer is the Reference record (entity 30) it made (reference_id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reference_requests', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('referee_name', 180).notNullable();
    t.string('referee_email', 254).notNullable();
    t.text('message').nullable();
    t.string('state', 20).notNullable().defaultTo('requested');
    t.string('code_hash', 64).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.integer('reference_id').nullable();
    // extension fields an administrator adds to the request's form (as every table entity has)
    if (isPostgres(knex)) t.jsonb('ext').nullable();
    else t.text('ext').nullable();
    recordColumns(t);
    t.index(['user_id', 'state']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('reference_requests');
}
