import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

const FieldList = (description: string) => Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description });

/**
 * One section of a generated resume (metadata/resume.json, overlaid per tenant): the person's own
 * records of one entity type offered with an Include? switch, how an item reads on one line and in
 * the PDF, and the key of the save payload's idsList holding the chosen ids.
 */
export const ResumeSectionSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: "the section's key in GET /generatedResume/viewFields (education, employment, certifications, ...)" }),
  heading: Type.String({ minLength: 1, description: "a text key: the section's heading in the editor and the PDF" }),
  entityTypeId: Type.Integer({ minimum: 1, description: 'the record type listed (owned by the person: its ownerField)' }),
  idsKey: Type.String({ pattern: '^[a-z][A-Za-z0-9]*Ids$', description: 'the key of idsList in POST /generatedResume/edit, e.g. educationIds' }),
  sequence: Type.Integer({ description: 'order of the sections' }),
  title: FieldList("fields making an item's title (joined by ', ', empty ones left out): its one-line description and its first PDF line"),
  detail: Type.Optional(FieldList("fields of the item's second PDF line (joined by ' | ')")),
  text: Type.Optional(Type.String({ description: 'a long text field printed under the item in the PDF' })),
  dates: Type.Optional(Type.Object({
    start: Type.String({ description: 'date field the item starts' }),
    end: Type.Optional(Type.String({ description: "date field it ends (empty: 'Present' when a start is given)" })),
  }, { additionalProperties: false })),
  max: Type.Optional(Type.Integer({ minimum: 1, description: 'at most this many items may be included (the server refuses more)' })),
  itemsWhen: Type.Optional(RuleSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type ResumeSection = Static<typeof ResumeSectionSchema>;
export const ResumeFileSchema = Type.Array(ResumeSectionSchema);
