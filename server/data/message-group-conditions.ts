import type { GroupSelector } from '../../engine/metadata/messaging-schema.js';

export interface SqlPart {
  sql: string;
  bindings: string[];
}

const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * A group's selector (messaging.json) as a condition on `u` (users): the people holding one of the
 * roles (active), where the selector says (at an organization, at one of a provider type, at none)
 * and, for the education-level groups, whose highest education record (not disabled) is the level.
 */
export function groupCondition(selector: GroupSelector, educationLevels: readonly string[]): SqlPart {
  const roles = selector.roles;
  const atOrganization = selector.organization === 'associated' || selector.providerType !== undefined;
  const parts: string[] = [];
  const bindings: string[] = [];
  parts.push(`exists (select 1 from user_roles r${selector.providerType !== undefined ? ' join organizations o on o.id = r.organization_id' : ''}
    where r.user_id = u.id and r.active = true and r.role in (${marks(roles)})${atOrganization ? ' and r.organization_id is not null' : ''}${selector.providerType !== undefined ? ' and o.provider_type = ?' : ''})`);
  bindings.push(...roles);
  if (selector.providerType !== undefined) bindings.push(selector.providerType);
  if (selector.organization === 'unassociated') {
    parts.push(`not exists (select 1 from user_roles x where x.user_id = u.id and x.active = true and x.role in (${marks(roles)}) and x.organization_id is not null)`);
    bindings.push(...roles);
  }
  if (selector.highestEducation !== undefined) {
    const higher = educationLevels.slice(educationLevels.indexOf(selector.highestEducation) + 1);
    parts.push('exists (select 1 from education e where e.user_id = u.id and e.disabled = false and e.education_level = ?)');
    bindings.push(selector.highestEducation);
    if (higher.length > 0) {
      parts.push(`not exists (select 1 from education h where h.user_id = u.id and h.disabled = false and h.education_level in (${marks(higher)}))`);
      bindings.push(...higher);
    }
  }
  return { sql: `(${parts.join(' and ')})`, bindings };
}

/** People who may use messages at all: holders of an active role among the sender roles. */
export function messagingPersonCondition(senderRoles: readonly string[]): SqlPart {
  if (senderRoles.length === 0) return { sql: '(1 = 0)', bindings: [] };
  return { sql: `exists (select 1 from user_roles m where m.user_id = u.id and m.active = true and m.role in (${marks(senderRoles)}))`, bindings: [...senderRoles] };
}
