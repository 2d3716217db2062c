import type { Knex } from 'knex';

/**
 * Notifications (spec part 3 sections 2-4): one row per recipient, made by the subscribers of
 * domain events (server/domain/notifications). `event_id` with the recipient is unique, so an
 * event handed over again (at-least-once delivery) makes no second notification. Delete is soft
 * (`deleted_at`): a deleted notification stays out of every list and count, and its key keeps a
 * redelivered event from bringing it back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.increments('id');
    t.integer('recipient_id').notNullable().references('id').inTable('users');
    t.string('kind', 40).notNullable();
    t.integer('event_id').nullable();
    t.string('subject', 300).notNullable();
    t.text('body').notNullable();
    t.string('link_text', 200).nullable();
    t.text('route').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.boolean('read').notNullable().defaultTo(false);
    t.boolean('starred').notNullable().defaultTo(false);
    t.string('folder', 10).notNullable().defaultTo('Inbox');
    t.timestamp('deleted_at', { useTz: true }).nullable();
    t.unique(['event_id', 'recipient_id']);
    // my page newest first (folder, then starred / unread filters on few rows)
    t.index(['recipient_id', 'folder', 'created_at', 'id'], 'notifications_page');
    // my unread count
    t.index(['recipient_id', 'folder', 'read'], 'notifications_unread');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notifications');
}
