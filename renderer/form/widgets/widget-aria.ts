import { errorId, helpId } from '@rjsf/utils';

/** The id of the label of an element labelled with aria-labelledby (the rich text editor). */
export function labelIdOf(id: string): string {
  return `${id}__label`;
}

export interface AriaSource {
  id: string;
  rawErrors?: string[] | undefined;
  options: { help?: unknown; required?: unknown };
}

export function hasErrors(props: Pick<AriaSource, 'rawErrors'>): boolean {
  return (props.rawErrors?.length ?? 0) > 0;
}

/** aria-describedby naming only what is rendered: the hint (tooltip) and the error message. */
export function describedBy(id: string, help: boolean, error: boolean): string | undefined {
  const ids = [help ? helpId(id) : null, error ? errorId(id) : null].filter((x): x is string => x !== null);
  return ids.length ? ids.join(' ') : undefined;
}

/** The ARIA state of a single control: description, invalid, required. */
export function controlAria(props: AriaSource): { 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true } {
  const error = hasErrors(props);
  const description = describedBy(props.id, typeof props.options.help === 'string' && props.options.help !== '', error);
  return {
    ...(description ? { 'aria-describedby': description } : {}),
    ...(error ? { 'aria-invalid': true } : {}),
    ...(props.options.required === true ? { 'aria-required': true } : {}),
  };
}
