import { Type, type Static } from '@sinclair/typebox';
import { IsoDateSchema, RemoveFlag, RuleSchema } from './schema-common.js';

export const ELEMENT_TYPES = [
  'text', 'checkbox', 'dropdown', 'phone', 'autocomplete', 'fileupload', 'radio', 'textarea', 'hidden',
  'richtext', 'entitycrossreference', 'entitypropertycrossreference', 'trainingpropertydisplay',
] as const;
export const ElementTypeSchema = Type.Union(ELEMENT_TYPES.map((t) => Type.Literal(t)));
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const RULE_ACTIONS = [
  'show', 'hide', 'require', 'unrequire', 'makeReadOnly', 'makeNotReadOnly', 'populateFromParent',
  'filterListChoices', 'setDefault', 'reject', 'verify', 'unverify',
] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

export const ChoiceSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  sequence: Type.Integer(),
  visible: Type.Optional(Type.Boolean()),
  value: Type.Optional(Type.String({ minLength: 1, description: 'what a text field stores for this choice (default: the text), e.g. TN for Tennessee' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Choice = Static<typeof ChoiceSchema>;

/** A rule on one element: when `when` holds (always, if absent) the action applies to that element. */
export const ElementRuleSchema = Type.Object({
  id: Type.Optional(Type.String()),
  action: Type.Union(RULE_ACTIONS.map((a) => Type.Literal(a))),
  when: Type.Optional(RuleSchema),
  value: Type.Optional(Type.Unknown({ description: 'setDefault: a value or a json-logic expression' })),
  choices: Type.Optional(Type.Array(Type.Integer(), { description: 'filterListChoices: the choice ids kept' })),
  property: Type.Optional(Type.String({ description: 'populateFromParent: property of the parent entity' })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type ElementRule = Static<typeof ElementRuleSchema>;

export const COMPARISON_OPERATORS = ['greaterThan', 'lessThan', 'greaterThanOrEqualTo', 'lessThanOrEqualTo'] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export const ComparisonSchema = Type.Object({
  operator: Type.Union(COMPARISON_OPERATORS.map((o) => Type.Literal(o))),
  against: Type.Union([
    Type.Literal('today'), Type.Literal('yesterday'), Type.Literal('tomorrow'),
    Type.Object({ element: Type.Integer() }, { additionalProperties: false }),
    Type.Object({ date: IsoDateSchema }, { additionalProperties: false }),
  ]),
  message: Type.Optional(Type.String({ description: 'a text catalogue key (or the message itself)' })),
  when: Type.Optional(RuleSchema),
}, { additionalProperties: false });
export type Comparison = Static<typeof ComparisonSchema>;

export const ElementSourceSchema = Type.Object({
  entityTypeId: Type.Integer(),
  property: Type.String({ description: 'searched and shown as the value' }),
  keyProperty: Type.Optional(Type.String({ description: 'stored as the key (default id)' })),
  element: Type.Optional(Type.Integer({ description: 'entity property cross reference (ecrElementId): the element of the same form whose value is the referenced record\'s id' })),
}, { additionalProperties: false });

export const FormElementSchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'form element id, unique across all forms' }),
  type: ElementTypeSchema,
  subtype: Type.Optional(Type.String()),
  stimulus: Type.String({ description: 'the label' }),
  field: Type.Optional(Type.String({ description: 'entity field the value is stored in' })),
  required: Type.Optional(Type.Boolean()),
  readOnly: Type.Optional(Type.Boolean()),
  visible: Type.Optional(Type.Boolean()),
  width: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  regex: Type.Optional(Type.String()),
  warningMessage: Type.Optional(Type.String()),
  tooltip: Type.Optional(Type.String()),
  sequence: Type.Optional(Type.Integer()),
  choices: Type.Optional(Type.Array(ChoiceSchema)),
  choiceList: Type.Optional(Type.String({ description: 'take the choices from this named list (metadata/choice-lists, or trainingRegions: the tenant\'s training regions) instead of choices' })),
  choiceGroups: Type.Optional(Type.Array(Type.Object({ groupName: Type.String(), firstChoiceSequence: Type.Integer() }, { additionalProperties: false }))),
  rules: Type.Optional(Type.Array(ElementRuleSchema)),
  comparisons: Type.Optional(Type.Array(ComparisonSchema)),
  source: Type.Optional(ElementSourceSchema),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type FormElement = Static<typeof FormElementSchema>;

/** Checked on the server before a submission: messages come back, overridable or not. */
export const PreSubmissionValidationSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('unique'), Type.Literal('rule')]),
  formElementIds: Type.Array(Type.Integer(), { minItems: 1 }),
  when: Type.Optional(RuleSchema),
  message: Type.String(),
  overridable: Type.Boolean(),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type PreSubmissionValidation = Static<typeof PreSubmissionValidationSchema>;

export const FormSchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: "the spec's form id" }),
  entityTypeId: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  elements: Type.Array(FormElementSchema),
  preSubmissionValidations: Type.Optional(Type.Array(PreSubmissionValidationSchema)),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Form = Static<typeof FormSchema>;
