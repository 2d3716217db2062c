import type { Knex } from 'knex';

/**
 * The outbox read as entity 910 (OutboxMessage, read-only): the columns every entity has
 * (disabled, updated_at, created_by, updated_by) derived, the id as an integer on both databases.
 */
const OUTBOX_ROWS = `
create view outbox_rows as
select cast(o.id as integer) as id, o.to_address, o.subject, o.html, o.text, o.status, o.attempts, o.last_error,
  o.created_at, o.sent_at, coalesce(o.sent_at, o.created_at) as updated_at, false as disabled,
  cast(null as integer) as created_by, cast(null as integer) as updated_by
from outbox o`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(OUTBOX_ROWS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists outbox_rows');
}
