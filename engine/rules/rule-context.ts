import type { Roles } from '../access/role-duties.js';
import type { Entity } from '../metadata/entity-schema.js';

/** Who is asking: the part of the session every rule may read as `user.*`. */
export interface RuleUser {
  id: number;
  roles: readonly string[];
  activeRole: string;
  claims: readonly string[];
}

/** A value of a relation: an id of a person, an organization, a session, ... */
export type RelationValue = string | number;

/** A relation's declaration as rules see it (metadata/relations.json, engine/metadata/relation-schema.ts), with the record type it reads. */
export interface RelationDeclaration {
  id: string;
  source: Entity;
  value: string;
  where: unknown;
  when?: unknown;
}

/**
 * The relations of the caller (DESIGN section 3): declared in metadata, loaded at most once per
 * request and only when a rule asks. Rules read them through the `relation` operator; row scopes
 * compile them to subqueries.
 */
export interface RelationSource {
  declaration(name: string): RelationDeclaration | undefined;
  /** the relation's values once loaded; undefined while not loaded (the evaluation then raises RelationPending) */
  loaded(name: string): readonly RelationValue[] | undefined;
}

/**
 * Raised by a rule that reads a relation not loaded yet: the server loads it and evaluates again
 * (rules are pure, so the second evaluation sees the same data plus the relation).
 */
export class RelationPending extends Error {
  override name = 'RelationPending';
  constructor(readonly relation: string) {
    super(`relation '${relation}' is not loaded`);
  }
}

/** What code knows of a row beyond its fields (e.g. whether the caller viewed it), read by rules as `{ "fact": "<name>" }`. */
export interface FactSource {
  /** the fact of this row once loaded (`{ value }`); undefined while not loaded (the evaluation then raises FactPending) */
  value(name: string, row: Readonly<Record<string, unknown>>): { value: unknown } | undefined;
}

/** Raised by a rule that reads a fact not loaded yet: the server loads it for the rows under way and evaluates again. */
export class FactPending extends Error {
  override name = 'FactPending';
  constructor(readonly fact: string) {
    super(`fact '${fact}' is not loaded`);
  }
}

/** The data every json-logic rule is evaluated against. */
export interface RuleContext {
  user: RuleUser;
  /** the caller's relations; absent where rules run without them (the browser): every relation is then empty */
  relations?: RelationSource;
  /** facts of the rows under evaluation (workflow guards); absent where no rule reads one */
  facts?: FactSource;
  tenant: string;
  /** the tenant's roles (roles.json): the default role of a session naming none, and `rolesWith`; absent, no role has any */
  roles?: Roles;
  /** ISO date (YYYY-MM-DD) of "today" in the registry's time zone; passed in so rules stay pure. */
  today: string;
  row?: Readonly<Record<string, unknown>>;
  values?: Readonly<Record<string, unknown>>;
  parent?: Readonly<Record<string, unknown>>;
}

