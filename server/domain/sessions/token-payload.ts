/** What the bearer token carries (spec part 1 section 3: id, roles, permissions). */
export interface TokenPayload {
  id: number;
  roles: string[];
  activeRole: string;
  permissions: string[];
  /** token id, so that logout can revoke it (set by signToken) */
  jti?: string;
  /** expiry, epoch seconds (set when signed) */
  exp?: number;
  /** the person's session generation when signed: a later one (sessions ended) refuses the token */
  gen?: number;
}
