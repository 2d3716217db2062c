import type { Registry } from '../../engine/metadata/registry.js';
import type { Database } from '../data/db.js';
import { activeUserNames } from '../data/user-store.js';

export const DEMO_PASSWORD = 'Demo-Registry-2026';

/** Marks a database as demo-seeded (an audit row); every start of such an embedded database prints the sign-ins. */
export const DEMO_SEED_ACTION = 'seed.demo';

export interface DemoUser { role: string; first: string; last: string; org?: number }

/** One user per role; a role the tenant does not have (250 in tn, 300 and 375 in al) gets none. */
export const DEMO_USERS: readonly DemoUser[] = [
  { role: '100', first: 'Maria', last: 'Lopez', org: 0 },
  { role: '200', first: 'James', last: 'Carter', org: 0 },
  { role: '250', first: 'Tanya', last: 'Brooks' },
  { role: '300', first: 'Kevin', last: 'Nguyen' },
  { role: '350', first: 'Alicia', last: 'Reed' },
  { role: '375', first: 'Robert', last: 'Owens' },
  { role: '400', first: 'Denise', last: 'Hall' },
  { role: '500', first: 'Samuel', last: 'Price' },
  { role: 'AdminUser', first: 'Grace', last: 'Admin' },
];

export const demoUserName = (role: string): string => `${role.toLowerCase()}@demo.registry.test`;

export interface DemoLogin { role: string; roleName: string; userName: string; password: string }

/** The demo users of the tenant's roles that still exist (not disabled), in role order. */
export async function demoLogins(db: Database, registry: Registry): Promise<DemoLogin[]> {
  const wanted = DEMO_USERS.filter((u) => registry.roles.has(u.role));
  const present = new Set(await activeUserNames(db.knex, wanted.map((u) => demoUserName(u.role))));
  return wanted.filter((u) => present.has(demoUserName(u.role))).map((u) => ({
    role: u.role, roleName: registry.roles.get(u.role)?.label ?? u.role, userName: demoUserName(u.role), password: DEMO_PASSWORD,
  }));
}

export async function isDemoSeeded(db: Database): Promise<boolean> {
  return (await db.knex('audit').where({ action: DEMO_SEED_ACTION }).first('id')) !== undefined;
}

/** The printed sign-ins: a title, then one line per login (columns separated by at least two spaces). */
export function demoLoginLines(title: string, logins: readonly DemoLogin[]): string[] {
  const width = (pick: (l: DemoLogin) => string) => Math.max(0, ...logins.map((l) => pick(l).length)) + 2;
  const [role, name, user] = [width((l) => l.role), width((l) => l.roleName), width((l) => l.userName)];
  return [title, ...logins.map((l) => `  ${l.role.padEnd(role)}${l.roleName.padEnd(name)}${l.userName.padEnd(user)}${l.password}`)];
}
