/** Keys of the form messages in the text catalogue (metadata/texts/form.json holds the wording). */
export const FORM_TEXT = {
  required: 'form.required',
  checkboxRequired: 'form.checkboxRequired',
  fileRequired: 'form.fileRequired',
  invalid: 'form.invalid',
  notAChoice: 'form.notAChoice',
  maxLength: 'form.maxLength',
  date: 'form.date',
  dateTime: 'form.dateTime',
  phoneDigits: 'form.phoneDigits',
} as const;
export type FormTextKey = (typeof FORM_TEXT)[keyof typeof FORM_TEXT];

/** Looks a message up and fills `{name}` placeholders; a missing key shows the key itself. */
export function formatText(
  texts: Readonly<Record<string, string>>,
  key: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const template = texts[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
