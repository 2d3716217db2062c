import { Type } from '@sinclair/typebox';
import { EntityRefBody, PrimaryEntityBody } from './grid-schemas.js';
import { RowId } from './id-schemas.js';

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
