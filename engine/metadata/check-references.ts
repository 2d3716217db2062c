import { ProblemList, type CheckModel, type RefProblem } from './check-model.js';
import { checkEntities } from './check-entities.js';
import { checkForms } from './check-forms.js';
import { checkGrids } from './check-grids.js';
import { checkRoles, checkRoutes } from './check-routes.js';

export type { CheckModel, Doc, RefProblem } from './check-model.js';

/**
 * Cross-reference checks over validated documents: duplicate ids, references to missing entities,
 * forms, grids, fields, elements, choices, roles and routes, and rules with unknown operators.
 * (Duplicate entity, form and grid ids are found earlier, when documents are matched by id.)
 */
export function checkReferences(model: CheckModel): RefProblem[] {
  const problems = new ProblemList();
  checkEntities(model, problems);
  checkForms(model, problems);
  checkGrids(model, problems);
  checkRoles(model, problems);
  checkRoutes(model, problems);
  return problems.items;
}
