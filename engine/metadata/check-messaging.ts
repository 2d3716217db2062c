import type { Doc } from './check-model.js';
import type { Messaging } from './messaging-schema.js';

export interface MessagingProblem { pointer: string; message: string }

/** Group ids unique, labels in the catalogue, education levels known, roles declared (`roles`: every code roles.json files declare). */
export function checkMessaging(doc: Doc<Messaging>, texts: Readonly<Record<string, string>>, roles: ReadonlySet<string>): MessagingProblem[] {
  const problems: MessagingProblem[] = [];
  const m = doc.value;
  const role = (pointer: string, code: string): void => { if (!roles.has(code)) problems.push({ pointer, message: `names missing role '${code}'` }); };
  m.senderRoles.forEach((r, i) => role(`/senderRoles/${i}`, r));
  const seen = new Set<string>();
  const levels = new Set(m.educationLevels);
  m.groups.forEach((g, i) => {
    g.recipients.roles.forEach((r, j) => role(`/groups/${i}/recipients/roles/${j}`, r));
    g.senders.forEach((r, j) => role(`/groups/${i}/senders/${j}`, r));
    if (seen.has(g.id)) problems.push({ pointer: `/groups/${i}/id`, message: `duplicate group id '${g.id}'` });
    seen.add(g.id);
    if (texts[g.label] === undefined) problems.push({ pointer: `/groups/${i}/label`, message: `text key '${g.label}' is missing from the catalogue` });
    const h = g.recipients.highestEducation;
    if (h !== undefined && !levels.has(h)) problems.push({ pointer: `/groups/${i}/recipients/highestEducation`, message: `'${h}' is not one of educationLevels` });
    if (g.recipients.providerType !== undefined && g.recipients.organization === 'unassociated') {
      problems.push({ pointer: `/groups/${i}/recipients/providerType`, message: 'a provider type needs people associated with an organization' });
    }
  });
  if (new Set(m.educationLevels).size !== m.educationLevels.length) problems.push({ pointer: '/educationLevels', message: 'education levels repeat' });
  return problems;
}
