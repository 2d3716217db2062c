import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { RolesFileSchema, RoutesFileSchema, TenantSchema, TextCatalogueSchema } from './app-schema.js';
import { explainErrors, type SchemaIssue } from './ajv-messages.js';
import { EntitySchema } from './entity-schema.js';
import { FormSchema } from './form-schema.js';
import { GridSchema } from './grid-schema.js';
import { escapeSegment } from './json-pointer.js';
import type { MetadataKind } from './registry.js';
import { NotificationsFileSchema } from './notification-schema.js';
import { ReportsFileSchema } from './report-schema.js';
import { ResumeFileSchema } from './resume-schema.js';
import { RulesFileSchema } from './rule-schema.js';
import { RelationsFileSchema } from './relation-schema.js';
import { WorkFileSchema } from './work-schema.js';
import { WorkflowSchema } from './workflow-schema.js';
import { MessagingSchema } from './messaging-schema.js';
import { InboxSchema } from './inbox-schema.js';
import { ChoiceListSchema } from './choice-list-schema.js';
import { LatticeSchema } from './lattice-schema.js';

export type { SchemaIssue } from './ajv-messages.js';

/** The TypeBox schema of one file of each kind (routes and roles files are arrays). */
export const KIND_SCHEMAS: Readonly<Record<MetadataKind, TSchema>> = {
  entity: EntitySchema,
  form: FormSchema,
  grid: GridSchema,
  route: RoutesFileSchema,
  role: RolesFileSchema,
  text: TextCatalogueSchema,
  tenant: TenantSchema,
  work: WorkFileSchema,
  rule: RulesFileSchema,
  relation: RelationsFileSchema,
  report: ReportsFileSchema,
  resume: ResumeFileSchema,
  workflow: WorkflowSchema,
  notification: NotificationsFileSchema,
  messaging: MessagingSchema,
  inbox: InboxSchema,
  choiceList: ChoiceListSchema,
  lattice: LatticeSchema,
};

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
const compiled = new Map<MetadataKind, ValidateFunction>();

function validatorFor(kind: MetadataKind): ValidateFunction {
  let fn = compiled.get(kind);
  if (!fn) {
    fn = ajv.compile(KIND_SCHEMAS[kind]);
    compiled.set(kind, fn);
  }
  return fn;
}

const idValidators = new Map<MetadataKind, ValidateFunction | null>();

/**
 * Whether a value fits the id of a kind's documents (the `id` of a document, or of an item of a
 * routes or roles file); true for a kind whose documents have no id property.
 */
export function fitsDocumentId(kind: MetadataKind, id: unknown): boolean {
  let fn = idValidators.get(kind);
  if (fn === undefined) {
    const schema = KIND_SCHEMAS[kind] as { type?: string; items?: { properties?: Record<string, TSchema> }; properties?: Record<string, TSchema> };
    const idSchema = (schema.type === 'array' ? schema.items?.properties : schema.properties)?.id;
    fn = idSchema ? ajv.compile(idSchema) : null;
    idValidators.set(kind, fn);
  }
  return fn === null || fn(id);
}

const TEXT_KEY_PATTERNS = Object.keys((TextCatalogueSchema as { patternProperties?: Record<string, unknown> }).patternProperties ?? {})
  .map((p) => new RegExp(p));

function textKeyIssues(data: unknown): SchemaIssue[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return Object.keys(data)
    .filter((key) => !TEXT_KEY_PATTERNS.every((re) => re.test(key)))
    .map((key) => ({
      pointer: `/${escapeSegment(key)}`,
      message: `text key '${key}' is not valid; use letters, digits and dots, starting with a letter`,
    }));
}

/** Validates one (merged) document of a kind against its TypeBox schema; [] when it is valid. */
export function validateDocument(kind: MetadataKind, data: unknown): SchemaIssue[] {
  const fn = validatorFor(kind);
  const issues = fn(data) ? [] : explainErrors(fn.errors ?? []);
  return kind === 'text' ? [...issues, ...textKeyIssues(data)] : issues;
}
