import type { Choice, FormElement } from '../../engine/metadata/form-schema.js';

export type ChoiceGroup = NonNullable<FormElement['choiceGroups']>[number];

export interface GroupedChoices {
  /** the optgroup label; null for the choices before the first group */
  label: string | null;
  choices: Choice[];
}

/**
 * Splits sorted choices into dropdown groups: a group starts at its firstChoiceSequence and runs
 * up to the next group's; choices before the first group stand alone. Empty groups are dropped
 * (their choices may all be hidden by rules).
 */
export function groupChoices(choices: readonly Choice[], groups: readonly ChoiceGroup[]): GroupedChoices[] {
  const sorted = [...groups].sort((a, b) => a.firstChoiceSequence - b.firstChoiceSequence);
  const starts = [-Infinity, ...sorted.map((g) => g.firstChoiceSequence)];
  const labels: (string | null)[] = [null, ...sorted.map((g) => g.groupName)];
  const result: GroupedChoices[] = labels.map((label) => ({ label, choices: [] }));
  for (const choice of choices) {
    let index = 0;
    for (let i = 1; i < starts.length; i++) if (choice.sequence >= starts[i]!) index = i;
    result[index]!.choices.push(choice);
  }
  return result.filter((g) => g.choices.length > 0);
}

/**
 * The choices a choice widget lists: the visible ones plus any held value that is not among them
 * (a retired or filtered-out choice stays visible so the person sees it and can change it).
 */
export function choicesWithHeld(visible: readonly Choice[], all: readonly Choice[], held: readonly string[]): Choice[] {
  const missing = held
    .filter((v) => !visible.some((c) => String(c.id) === v))
    .map((v) => all.find((c) => String(c.id) === v))
    .filter((c): c is Choice => c !== undefined);
  return missing.length ? [...visible, ...missing].sort((a, b) => a.sequence - b.sequence) : [...visible];
}
