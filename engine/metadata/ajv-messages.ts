import type { ErrorObject } from 'ajv';
import { parsePointer } from './json-pointer.js';

/** One schema problem inside a document: a JSON pointer and a plain message. */
export interface SchemaIssue {
  pointer: string;
  message: string;
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value) ?? String(value);
}

function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function singular(name: string): string {
  const w = words(name);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ses')) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

const isIndex = (segment: string | undefined): boolean => segment !== undefined && /^\d+$/.test(segment);

/** A noun for the value at a pointer: /elements/3/type -> "element type", /roles/2 -> "role". */
export function labelFor(pointer: string): string {
  const s = parsePointer(pointer);
  const last = s[s.length - 1];
  const parent = s[s.length - 2];
  if (last === undefined) return 'value';
  if (isIndex(last)) return parent === undefined ? 'entry' : singular(parent);
  if (isIndex(parent)) {
    const owner = s[s.length - 3];
    return owner === undefined ? words(last) : `${singular(owner)} ${words(last)}`;
  }
  return parent === undefined ? words(last) : `${words(parent)} ${words(last)}`;
}

function unknownValue(pointer: string, value: unknown, allowed: readonly unknown[]): string {
  const list = allowed.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ');
  return `unknown ${labelFor(pointer)} ${show(value)}; expected one of ${list}`;
}

const TYPE_NOUNS: Record<string, string> = {
  integer: 'an integer', number: 'a number', string: 'a string', boolean: 'true or false',
  object: 'an object', array: 'an array', null: 'null',
};

/** A single (non-union) ajv error as a plain message. */
function plain(e: ErrorObject): SchemaIssue {
  const p = e.params as Record<string, unknown>;
  const at = e.instancePath;
  const limit = Number(p.limit);
  switch (e.keyword) {
    case 'type':
      return { pointer: at, message: `must be ${TYPE_NOUNS[String(p.type)] ?? String(p.type)}` };
    case 'required':
      return { pointer: at, message: `missing required property '${String(p.missingProperty)}'` };
    case 'additionalProperties':
      return { pointer: at, message: `unknown property '${String(p.additionalProperty)}'` };
    case 'pattern': {
      const alternatives = /^\^\(([^()]*)\)\$$/.exec(String(p.pattern));
      if (alternatives) return { pointer: at, message: unknownValue(at, e.data, alternatives[1]!.split('|')) };
      return { pointer: at, message: `${show(e.data)} does not match the pattern ${String(p.pattern)}` };
    }
    case 'enum':
      return { pointer: at, message: unknownValue(at, e.data, (p.allowedValues as unknown[]) ?? []) };
    case 'const':
      return { pointer: at, message: `must be ${show(p.allowedValue)}` };
    case 'minimum':
      return { pointer: at, message: `must be at least ${limit}` };
    case 'maximum':
      return { pointer: at, message: `must be at most ${limit}` };
    case 'minItems':
      return { pointer: at, message: limit === 1 ? 'must not be empty' : `must have at least ${limit} items` };
    case 'maxItems':
      return { pointer: at, message: `must have at most ${limit} items` };
    case 'minLength':
      return { pointer: at, message: limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long` };
    case 'maxLength':
      return { pointer: at, message: `must be at most ${limit} characters long` };
    default:
      return { pointer: at, message: e.message ?? 'is not valid' };
  }
}

function inside(e: ErrorObject, union: ErrorObject): boolean {
  return e !== union && e.schemaPath.startsWith(`${union.schemaPath}/`)
    && (e.instancePath === union.instancePath || e.instancePath.startsWith(`${union.instancePath}/`));
}

function describeBranch(branch: Schema): string {
  if ('const' in branch) return typeof branch.const === 'string' ? branch.const : JSON.stringify(branch.const);
  if (isSchema(branch.properties)) return `{ ${Object.keys(branch.properties).join(', ')} }`;
  return String(branch.type ?? 'value');
}

/** Collapses a failed anyOf (TypeBox union) into the messages of the branch the data was meant for. */
function explainUnion(union: ErrorObject, inner: ErrorObject[]): SchemaIssue[] {
  const branches = (Array.isArray(union.schema) ? union.schema : []).filter(isSchema);
  const at = union.instancePath;
  if (branches.length > 0 && branches.every((b) => 'const' in b)) {
    return [{ pointer: at, message: unknownValue(at, union.data, branches.map((b) => b.const)) }];
  }
  const byBranch = branches.map((_, i) => inner.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/${i}/`)));
  const isChild = (path: string): boolean => path.startsWith(`${at}/`) && parsePointer(path).length === parsePointer(at).length + 1;
  const misfit = (e: ErrorObject): boolean =>
    (e.instancePath === at && (e.keyword === 'type' || e.keyword === 'const')) || (e.keyword === 'const' && isChild(e.instancePath));
  const viable = byBranch.map((errors, i) => ({ errors, i })).filter((b) => !b.errors.some(misfit));
  if (viable.length > 0) {
    const fewest = Math.min(...viable.map((b) => b.errors.length));
    const best = viable.filter((b) => b.errors.length === fewest);
    if (best.length === 1) return explainErrors(best[0]!.errors);
  }
  const data = union.data;
  if (isSchema(data)) {
    const objects = branches.filter((b) => isSchema(b.properties));
    const key = Object.keys(objects[0]?.properties ?? {}).find((k) =>
      objects.every((b) => isSchema(b.properties) && isSchema(b.properties[k]) && 'const' in b.properties[k]));
    if (key !== undefined && objects.length === branches.length) {
      const allowed = objects.map((b) => (b.properties as Record<string, Schema>)[key]!.const);
      const pointer = `${at}/${key}`;
      if (!(key in data)) return [{ pointer: at, message: `missing required property '${key}'` }];
      return [{ pointer, message: unknownValue(pointer, data[key], allowed) }];
    }
  }
  const expected = branches.map(describeBranch);
  if (typeof data !== 'object' || data === null) return [{ pointer: at, message: unknownValue(at, data, expected) }];
  return [{ pointer: at, message: `is not valid here; expected one of ${expected.join(', ')}` }];
}

/** Turns ajv's raw errors (allErrors, verbose) into plain messages, one per real problem. */
export function explainErrors(errors: readonly ErrorObject[]): SchemaIssue[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf');
  const outer = unions.filter((u) => !unions.some((o) => inside(u, o)));
  const issues: SchemaIssue[] = [];
  const done = new Set<ErrorObject>();
  for (const e of errors) {
    const union = outer.find((u) => u === e || inside(e, u));
    if (!union) {
      issues.push(plain(e));
    } else if (!done.has(union)) {
      done.add(union);
      issues.push(...explainUnion(union, errors.filter((x) => inside(x, union))));
    }
  }
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.pointer}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
