import { checkUnique, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import type { Lattice } from './lattice-schema.js';

/**
 * The career lattice: the record types it reads exist and hold the fields it names, level ids and
 * names are unique, and every text key is in the catalogue.
 */
export function checkLattice(doc: Doc<Lattice>, model: CheckModel, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  const lattice = doc.value;
  const field = (pointer: string, entityTypeId: number, names: string[]) => {
    const entity = model.entities.find((e) => e.value.id === entityTypeId)?.value;
    if (!entity) {
      problems.add(doc, `${pointer}/entityTypeId`, `career lattice names missing entity ${entityTypeId}`);
      return;
    }
    for (const name of names) {
      if (!entity.fields.some((f) => f.id === name)) problems.add(doc, pointer, `career lattice names missing field '${name}' of entity ${entityTypeId}`);
    }
  };
  field('/claimed', lattice.claimed.entityTypeId, [lattice.claimed.field]);
  field('/education', lattice.education.entityTypeId, [lattice.education.levelField, 'verified']);
  field('/credentials', lattice.credentials.entityTypeId, [lattice.credentials.nameField, 'verified']);
  field('/training', lattice.training.entityTypeId, [lattice.training.hoursField, lattice.training.dateField, 'verified']);
  checkUnique(lattice.levels, (l) => String(l.id), (_l, i, id) => problems.add(doc, `/levels/${i}/id`, `level ${id} is declared twice`));
  checkUnique(lattice.levels, (l) => l.name, (_l, i, id) => problems.add(doc, `/levels/${i}/name`, `level name '${id}' is declared twice`));
  lattice.levels.forEach((level, i) => {
    if (texts[level.label] === undefined) problems.add(doc, `/levels/${i}/label`, `text key '${level.label}' is missing from the catalogue`);
    level.requirements.forEach((r, j) => {
      if (texts[r.missing] === undefined) problems.add(doc, `/levels/${i}/requirements/${j}/missing`, `text key '${r.missing}' is missing from the catalogue`);
    });
  });
}
