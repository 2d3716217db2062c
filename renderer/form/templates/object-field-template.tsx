import { Fragment } from 'react';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { RegistryFormContext, RegistryFormData } from '../form-ui-options.js';

/** The form body: a USWDS grid row; each field template is a column of its element's width. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps<RegistryFormData, RJSFSchema, RegistryFormContext>) {
  return (
    <div className="grid-row grid-gap registry-form__grid">
      {properties.map((p) => <Fragment key={p.name}>{p.content}</Fragment>)}
    </div>
  );
}
