import { Type } from '@fastify/type-provider-typebox';
import { FileInfoAnswer, RecordValues } from './answer-schemas.js';
import { EntityRefBody, PrimaryEntityBody } from './grid-schemas.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const Id = RowId;
const target = {
  entities: Type.Optional(Type.Union([Type.Array(EntityRefBody, { maxItems: 5 }), Type.Null()])),
  primaryEntity: Type.Optional(Type.Union([PrimaryEntityBody, Type.Null()])),
};

export const FormBody = Type.Object({ formid: Type.Optional(Id), formId: Type.Optional(Id), ...target }, { additionalProperties: false });

/** Longest value one element may carry (rich text included); text elements have their own limits. */
export const MAX_VALUE_LENGTH = 20_000;
export const ElementResponseBody = Type.Object({
  formElementId: Id,
  value: Type.Optional(Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Null()])),
  multiValue: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 }), Type.Null()])),
}, { additionalProperties: false });

export const FormResponseBody = Type.Object({
  response: Type.Object({
    formId: Id,
    elementResponses: Type.Array(ElementResponseBody, { maxItems: 500 }),
  }, { additionalProperties: false }),
  ...target,
}, { additionalProperties: false });

export const AutocompleteBody = Type.Object({
  formElementId: Id,
  searchString: Type.String({ maxLength: 180 }),
}, { additionalProperties: false });

/** POST /api/form/entitycrossreferenceproperty: one property of one record (spec part 2 section 7). */
export const CrossReferencePropertyBody = Type.Object({
  entityTypeId: Id,
  entityId: Id,
  propertyId: Type.String({ minLength: 1, maxLength: 100 }),
}, { additionalProperties: false });

/** The property value of the referenced record, as text (null when empty). */
export const CrossReferencePropertyAnswer = Type.Object({
  entityTypeId: AnsweredId,
  entityId: AnsweredId,
  propertyId: Type.String(),
  value: OrNull(Type.String()),
}, { additionalProperties: false });

export const CrossReferenceBody = Type.Object({
  entityTypeId: Type.Optional(Type.Union([Id, Type.Null()])),
  ecrSearchPropertyId: Type.String({ minLength: 1, maxLength: 100 }),
  searchString: Type.String({ maxLength: 180 }),
  filter: Type.Optional(Type.Union([Type.String({ maxLength: 180 }), Type.Null()])),
  peerFilters: Type.Optional(Type.Union([Type.Array(Type.Object({
    elementId: Type.Optional(Id),
    propertyId: Type.String({ maxLength: 100 }),
    role: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    clearOnPeerChange: Type.Optional(Type.Boolean()),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 180 }), Type.Number(), Type.Null()])),
  }, { additionalProperties: false }), { maxItems: 10 }), Type.Null()])),
}, { additionalProperties: false });

export const PreSubmissionBody = Type.Object({
  validations: Type.Array(Type.Object({
    entityTypeId: Type.Optional(Id),
    formElementId: Id,
    value: Type.Optional(Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Array(Type.String({ maxLength: 1000 })), Type.Null()])),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
  ...target,
}, { additionalProperties: false });

export const FlatFileBody = Type.Object({
  formId: Id,
  entityType: Id,
  primaryEntityId: Type.Optional(Type.Union([Id, Type.Null()])),
  filters: Type.Optional(Type.Union([Type.Array(Type.Object({
    column: Type.String({ maxLength: 100 }),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()])),
    operation: Type.Optional(Type.String({ maxLength: 20 })),
  }, { additionalProperties: false }), { maxItems: 5 }), Type.Null()])),
  altGridId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  includeDisabled: Type.Optional(Type.Boolean()),
  reportName: Type.Optional(Type.String({ maxLength: 100 })),
  reportTime: Type.Optional(Type.String({ maxLength: 40 })),
  fileType: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('pdf')])),
}, { additionalProperties: false });

/** The record a form shows or saved: `{ Id, EntityTypeId, DisplayValue }`. */
export const EntityAnswer = Type.Object({ Id: AnsweredId, EntityTypeId: AnsweredId, DisplayValue: OrNull(Type.String()) }, { additionalProperties: false });

const ElementValue = Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()]);
const FormElementAnswer = Type.Object({
  id: AnsweredId,
  formId: AnsweredId,
  type: Type.String(),
  subtype: OrNull(Type.String()),
  stimulus: Type.String(),
  value: ElementValue,
  multiValue: ElementValue,
  valueLabel: OrNull(Type.String({ description: 'what an autocomplete key stands for' })),
  required: Type.Boolean(),
  readOnly: Type.Boolean(),
  visible: Type.Boolean(),
  width: Type.Number(),
  maxLength: OrNull(Type.Number()),
  regex: OrNull(Type.String()),
  warningMessage: OrNull(Type.String()),
  tooltip: OrNull(Type.String()),
  choices: Type.Array(Type.Object({ id: AnsweredId, text: Type.String(), sequence: Type.Number(), visible: Type.Boolean() }, { additionalProperties: false })),
  choiceGroups: Type.Array(Type.Object({ groupName: Type.String(), firstChoiceSequence: Type.Number() }, { additionalProperties: false })),
  arguments: Type.Object({
    rules: Type.Array(Type.Unknown({ description: 'an element rule of the form metadata (json-logic conditions)' })),
    comparisons: Type.Array(Type.Unknown({ description: 'a date comparison of the form metadata' })),
    source: Type.Unknown({ description: 'where an autocomplete looks values up, or null' }),
    ecrEntityTypeId: Type.Optional(AnsweredId),
    ecrSearchPropertyId: Type.Optional(Type.String({ description: 'entity cross reference: the property searched' })),
    ecrPropertyId: Type.Optional(Type.String({ description: 'entity property cross reference: the property shown' })),
    ecrElementId: Type.Optional(AnsweredId),
  }, { additionalProperties: false }),
  files: Type.Array(FileInfoAnswer),
}, { additionalProperties: false });

/** The form definition with the live rule state (spec part 2 "Form definition"). */
export const FormDefinitionAnswer = Type.Object({
  formid: AnsweredId,
  formId: AnsweredId,
  entityTypeId: AnsweredId,
  name: Type.String(),
  entity: EntityAnswer,
  canEdit: Type.Boolean(),
  row: OrNull(RecordValues),
  locked: Type.Boolean(),
  elements: Type.Array(FormElementAnswer),
  preSubmissionValidation: Type.Array(Type.Object({ id: Type.String(), formElementIds: Type.Array(AnsweredId) }, { additionalProperties: false })),
}, { additionalProperties: false });

export const PreSubmissionAnswer = Type.Object({ messages: Type.Array(Type.String()), overridable: Type.Boolean() }, { additionalProperties: false });
