/**
 * Organizational role requests (spec part 1 section 4, part 3 "Requests"): a person asks for the
 * staff (100) or director (200) role at the organization of an employment record; a director of
 * that organization approves or rejects; roles end with the person, a director or the employment.
 * Pure: `roleTransition(state, event, actor)` answers the next state and the effects to store, or
 * a refusal naming a catalogue text. The server and the browser run the same rules.
 */

export type OrgRole = '100' | '200';
export const ORG_ROLES: readonly OrgRole[] = ['100', '200'];

/** Action types of part 3 "Action types for requests" used by role requests. */
export const ROLE_ACTION = { requested: 1, granted: 2, rejected: 3, removed: 4, withdrawn: 10 } as const;
export type RoleActionType = (typeof ROLE_ACTION)[keyof typeof ROLE_ACTION];

/** Position titles that may ask for the director role (spec part 1 section 5). */
export const DIRECTOR_TITLES: readonly string[] = ['Director/Administrator', 'Assistant Director', 'Owner'];

export interface RoleActionRecord {
  id: number;
  role: string;
  actionType: number;
  parentActionId: number | null;
}

/** A request is pending when it is Requested and no later action names it as its parent. */
export function pendingRequests<T extends RoleActionRecord>(actions: readonly T[]): T[] {
  const answered = new Set(actions.map((a) => a.parentActionId).filter((id): id is number => id !== null));
  return actions.filter((a) => a.actionType === ROLE_ACTION.requested && !answered.has(a.id));
}

/** The roles of one person at the organization of one employment record. */
export interface RoleState {
  held: readonly OrgRole[];
  /** pending request ids by role (0: the request a transition is about to store) */
  pending: Readonly<Partial<Record<OrgRole, number>>>;
  titlePosition: string | null;
  registryOrganization: boolean;
  agencyClosed: boolean;
  employmentEnded: boolean;
}

/** Who acts, relative to the person and the organization. */
export interface RoleActor {
  isOwner: boolean;
  /** holds an active director role at the organization */
  directsOrganization: boolean;
  /** may manage any user's roles (claim User.write.all) */
  managesUsers: boolean;
}

export type RoleEvent =
  | { kind: 'request'; role: OrgRole }
  | { kind: 'decide'; requestId: number; approve: boolean }
  | { kind: 'end'; role: OrgRole }
  | { kind: 'endEmployment' };

export type RoleEffect =
  | { kind: 'record'; role: OrgRole; actionType: RoleActionType; parentActionId: number | null }
  | { kind: 'setRole'; role: OrgRole; active: boolean }
  | { kind: 'endEmployment' };

export interface Refusal {
  status: 'forbidden' | 'conflict';
  /** key of the text catalogue; `message` is its fallback */
  textKey: string;
  message: string;
  /** the catalogue key of a dialog title, when the browser shows the refusal as an alert */
  titleKey?: string;
}

export type RoleTransition = { ok: true; next: RoleState; effects: RoleEffect[] } | { ok: false; refusal: Refusal };

const REFUSALS = {
  forbidden: { status: 'forbidden', textKey: 'error.forbidden', message: 'Insufficient access privileges' },
  employmentEnded: { status: 'conflict', textKey: 'role.employmentEnded', message: 'This employment has ended: roles can be requested only for a current employment.' },
  notRegistry: { status: 'conflict', textKey: 'role.notRegistry', message: 'Roles can be requested only at an organization of the registry.' },
  agencyClosed: { status: 'conflict', textKey: 'role.agencyClosed', message: 'This agency is closed: roles can no longer be requested there.' },
  staffHeld: { status: 'conflict', textKey: 'role.staffHeld', message: 'You already hold the staff role at this organization.' },
  staffPending: { status: 'conflict', textKey: 'role.staffPending', message: 'Your staff role request at this organization is already pending.' },
  staffFirst: { status: 'conflict', textKey: 'role.staffFirst', message: 'The director role needs the staff role at this organization first.' },
  directorHeld: { status: 'conflict', textKey: 'role.directorHeld', message: 'You already hold the director role at this organization.' },
  directorPending: { status: 'conflict', textKey: 'role.directorPending', message: 'Your director role request at this organization is already pending.' },
  directorTitle: {
    status: 'conflict', textKey: 'role.directorNotAllowed', titleKey: 'role.directorNotAllowedTitle',
    message: 'You must be a Director, Assistant Director or Owner to request the director role. Please contact the help desk.',
  },
  notPending: { status: 'conflict', textKey: 'role.notPending', message: 'This request has already been decided or withdrawn.' },
  targetIsDirector: { status: 'forbidden', textKey: 'role.targetIsDirector', message: 'Requests of a person who holds the director role are not decided here.' },
  notHeld: { status: 'conflict', textKey: 'role.notHeld', message: 'This role is not held at this organization.' },
  directorFirst: { status: 'conflict', textKey: 'role.directorFirst', message: 'End the director role before the staff role.' },
  alreadyEnded: { status: 'conflict', textKey: 'employment.alreadyEnded', message: 'This employment has already ended.' },
} as const satisfies Record<string, Refusal>;

export type RefusalName = keyof typeof REFUSALS;

const refuse = (name: RefusalName): RoleTransition => ({ ok: false, refusal: REFUSALS[name] });

/** Why the person may not ask for this role now, or null when the request is allowed. */
export function requestRefusal(state: RoleState, role: OrgRole): RefusalName | null {
  if (state.employmentEnded) return 'employmentEnded';
  if (!state.registryOrganization) return 'notRegistry';
  if (state.agencyClosed) return 'agencyClosed';
  const holds = (r: OrgRole) => state.held.includes(r);
  if (role === '100') {
    if (holds('100')) return 'staffHeld';
    return state.pending['100'] !== undefined ? 'staffPending' : null;
  }
  if (!holds('100')) return 'staffFirst';
  if (holds('200')) return 'directorHeld';
  if (state.pending['200'] !== undefined) return 'directorPending';
  return DIRECTOR_TITLES.includes(state.titlePosition ?? '') ? null : 'directorTitle';
}

function withoutPending(state: RoleState, roles: readonly OrgRole[]): RoleState['pending'] {
  return Object.fromEntries(Object.entries(state.pending).filter(([role]) => !roles.includes(role as OrgRole)));
}

function request(state: RoleState, role: OrgRole, actor: RoleActor): RoleTransition {
  if (!actor.isOwner) return refuse('forbidden');
  const refusal = requestRefusal(state, role);
  if (refusal) return refuse(refusal);
  return {
    ok: true,
    next: { ...state, pending: { ...state.pending, [role]: 0 } },
    effects: [{ kind: 'record', role, actionType: ROLE_ACTION.requested, parentActionId: null }],
  };
}

function decide(state: RoleState, requestId: number, approve: boolean, actor: RoleActor): RoleTransition {
  if (!actor.directsOrganization || actor.isOwner) return refuse('forbidden');
  if (state.held.includes('200')) return refuse('targetIsDirector');
  const role = ORG_ROLES.find((r) => state.pending[r] === requestId);
  if (!role) return refuse('notPending');
  if (approve && role === '200' && !state.held.includes('100')) return refuse('staffFirst');
  const pending = withoutPending(state, [role]);
  const record: RoleEffect = { kind: 'record', role, actionType: approve ? ROLE_ACTION.granted : ROLE_ACTION.rejected, parentActionId: requestId };
  if (!approve) return { ok: true, next: { ...state, pending }, effects: [record] };
  return { ok: true, next: { ...state, pending, held: [...state.held, role] }, effects: [record, { kind: 'setRole', role, active: true }] };
}

/** Ends roles (director before staff) and withdraws the pending requests of `withdraw`. */
function endRoles(state: RoleState, roles: readonly OrgRole[], withdraw: readonly OrgRole[]): RoleTransition {
  const effects: RoleEffect[] = [];
  for (const role of [...roles].sort().reverse()) {
    effects.push({ kind: 'record', role, actionType: ROLE_ACTION.removed, parentActionId: null }, { kind: 'setRole', role, active: false });
  }
  for (const role of withdraw) {
    const id = state.pending[role];
    if (id !== undefined) effects.push({ kind: 'record', role, actionType: ROLE_ACTION.withdrawn, parentActionId: id });
  }
  return { ok: true, next: { ...state, held: state.held.filter((r) => !roles.includes(r)), pending: withoutPending(state, withdraw) }, effects };
}

/** Ending the staff role also withdraws a pending director request (spec part 1 section 4). */
function end(state: RoleState, role: OrgRole, actor: RoleActor): RoleTransition {
  const directorOfStaff = actor.directsOrganization && !state.held.includes('200');
  if (!actor.isOwner && !actor.managesUsers && !directorOfStaff) return refuse('forbidden');
  if (!state.held.includes(role)) return refuse('notHeld');
  if (role === '100' && state.held.includes('200')) return refuse('directorFirst');
  return endRoles(state, [role], role === '100' ? ORG_ROLES : []);
}

/** Ending the employment ends every role held there and withdraws every pending request. */
function endEmployment(state: RoleState, actor: RoleActor): RoleTransition {
  if (!actor.isOwner && !actor.managesUsers) return refuse('forbidden');
  if (state.employmentEnded) return refuse('alreadyEnded');
  const ended = endRoles(state, state.held, ORG_ROLES);
  if (!ended.ok) return ended;
  return { ok: true, next: { ...ended.next, employmentEnded: true }, effects: [...ended.effects, { kind: 'endEmployment' }] };
}

export function roleTransition(state: RoleState, event: RoleEvent, actor: RoleActor): RoleTransition {
  switch (event.kind) {
    case 'request': return request(state, event.role, actor);
    case 'decide': return decide(state, event.requestId, event.approve, actor);
    case 'end': return end(state, event.role, actor);
    case 'endEmployment': return endEmployment(state, actor);
  }
}

/** The role state an employment grid row describes (its computed flags). */
export function roleStateFromRow(row: Readonly<Record<string, unknown>>): RoleState {
  const pending: Partial<Record<OrgRole, number>> = {};
  for (const role of ORG_ROLES) if (row[`pending${role}`] === true) pending[role] = -1;
  return {
    held: ORG_ROLES.filter((role) => row[`has${role}Role`] === true),
    pending,
    titlePosition: typeof row.titlePosition === 'string' ? row.titlePosition : null,
    registryOrganization: row.isRegistryOrganization === true,
    agencyClosed: row.agencyIsClosed === true,
    employmentEnded: typeof row.endDate === 'string' && row.endDate !== '',
  };
}

