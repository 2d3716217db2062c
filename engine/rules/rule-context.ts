/** Who is asking: the part of the session every rule may read as `user.*`. */
export interface RuleUser {
  id: number;
  roles: readonly string[];
  activeRole: string;
  claims: readonly string[];
  /**
   * Organizations where the caller holds an active director role (roles.json duty 'director', 200),
   * and the people holding an active staff role (duty 'staff', 100) there: read by access rules as `user.directorOf` / `user.staffIds`
   * (e.g. `{"in": [{"var": "row.userId"}, {"var": "user.staffIds"}]}`, compiled to SQL IN).
   * Filled by the server for callers holding the director role; absent (no one) otherwise.
   */
  directorOf?: readonly number[];
  staffIds?: readonly number[];
  /**
   * Agencies a supervisor assigned to the caller (holders of the role with duty 'consultant', 350),
   * and the people holding an active staff role there: `user.assignedAgencies` / `user.assignedStaffIds`.
   * Empty when none is assigned (the consultant then sees everyone); absent for other roles.
   */
  assignedAgencies?: readonly number[];
  assignedStaffIds?: readonly number[];
}

/** The data every json-logic rule is evaluated against. */
export interface RuleContext {
  user: RuleUser;
  tenant: string;
  /** ISO date (YYYY-MM-DD) of "today" in the registry's time zone; passed in so rules stay pure. */
  today: string;
  row?: Readonly<Record<string, unknown>>;
  values?: Readonly<Record<string, unknown>>;
  parent?: Readonly<Record<string, unknown>>;
}

/** Signed-out visitors and "no active role" are treated as role 100 (spec part 1 section 6). */
export const DEFAULT_ROLE = '100';
