import type { Knex } from 'knex';

/**
 * Messages (spec part 3 sections 2 to 4): one `messages` row per message as sent, and one
 * `message_recipients` row per copy - each recipient's (folder Inbox or Archive) and the sender's
 * own (folder Sent) - holding that person's state. A group message is stored once; its copies are
 * written set-based.
 *
 * The two indexes serve "my folder page, newest first" and "my unread count" (with the Unread
 * filter's page) by seeking the person's live (unread) copies of one folder in order, without a
 * sort; the primary key (message_id, user_id, folder) finds a message's recipients.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.increments('id');
    t.integer('sender_id').notNullable().references('id').inTable('users');
    t.string('subject', 1000).notNullable();
    t.text('body').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.string('group_codes', 600).nullable();
    t.text('recipients').notNullable();
  });
  // no foreign keys here: a group message writes 100,000 copies in one statement and PostgreSQL
  // checks a foreign key row by row; messages and people are never deleted (copies and people are
  // flagged deleted / disabled), and only the server writes this table
  await knex.schema.createTable('message_recipients', (t) => {
    t.integer('message_id').notNullable();
    t.integer('user_id').notNullable();
    t.string('folder', 10).notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    t.boolean('starred').notNullable().defaultTo(false);
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.primary(['message_id', 'user_id', 'folder']);
  });
  // partial indexes: the queries say `deleted = false` / `is_read = false` as literals so that both
  // databases use them (SQLite does not match a bound parameter against an index's condition)
  await knex.raw('create index message_recipients_page on message_recipients (user_id, folder, sent_at desc, message_id desc) where deleted = false');
  await knex.raw('create index message_recipients_unread on message_recipients (user_id, folder, sent_at desc, message_id desc) where deleted = false and is_read = false');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('message_recipients');
  await knex.schema.dropTableIfExists('messages');
}
