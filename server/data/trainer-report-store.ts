import type { Knex } from 'knex';

/** trainer_reports: the reports trainers submit (entity 27); the generic record code writes them. */

/** A trainer report's title; empty when there is no such report. */
export async function trainerReportTitle(db: Knex | Knex.Transaction, id: number): Promise<string> {
  const report = (await db('trainer_reports').where({ id }).first('title')) as { title: string } | undefined;
  return report?.title ?? '';
}
