import { withTheme, type ThemeProps } from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { ElementType } from '../../engine/metadata/form-schema.js';
import type { RegistryFormContext, RegistryFormData } from './form-ui-options.js';
import { BaseInputTemplate } from './templates/base-input-template.js';
import { SubmitButton } from './templates/button-templates.js';
import { ErrorListTemplate } from './templates/error-list-template.js';
import { FieldErrorTemplate, FieldHelpTemplate } from './templates/field-messages.js';
import { FieldTemplate } from './templates/field-template.js';
import { ObjectFieldTemplate } from './templates/object-field-template.js';
import { AutocompleteWidget } from './widgets/autocomplete-widget.js';
import { CheckboxWidget } from './widgets/checkbox-widget.js';
import { EntityPropertyCrossReferenceWidget, TrainingPropertyDisplayWidget } from './widgets/display-widget.js';
import { DropdownWidget } from './widgets/dropdown-widget.js';
import { EntityCrossReferenceWidget } from './widgets/entity-cross-reference-widget.js';
import { FileUploadWidget } from './widgets/file-upload-widget.js';
import { HiddenWidget } from './widgets/hidden-widget.js';
import { PhoneWidget } from './widgets/phone-widget.js';
import { RadioWidget } from './widgets/radio-widget.js';
import { RichTextWidget } from './widgets/rich-text-widget.js';
import { TextareaWidget } from './widgets/textarea-widget.js';
import { TextWidget } from './widgets/text-widget.js';

type Widgets = RegistryWidgetsType<RegistryFormData, RJSFSchema, RegistryFormContext>;

/** One widget per element type of the spec (part 9), named by the type: the uiSchema's ui:widget. */
export const ELEMENT_WIDGETS: Record<ElementType, Widgets[string]> = {
  text: TextWidget,
  checkbox: CheckboxWidget,
  dropdown: DropdownWidget,
  phone: PhoneWidget,
  autocomplete: AutocompleteWidget,
  fileupload: FileUploadWidget,
  radio: RadioWidget,
  textarea: TextareaWidget,
  hidden: HiddenWidget,
  richtext: RichTextWidget,
  entitycrossreference: EntityCrossReferenceWidget,
  entitypropertycrossreference: EntityPropertyCrossReferenceWidget,
  trainingpropertydisplay: TrainingPropertyDisplayWidget,
};

/** The registry's rjsf theme on the U.S. Web Design System. */
export const registryTheme: ThemeProps<RegistryFormData, RJSFSchema, RegistryFormContext> = {
  templates: {
    FieldTemplate,
    ObjectFieldTemplate,
    ErrorListTemplate,
    FieldErrorTemplate,
    FieldHelpTemplate,
    BaseInputTemplate,
    ButtonTemplates: { SubmitButton },
  },
  widgets: ELEMENT_WIDGETS,
};

/** rjsf's Form with the registry theme. */
export const RegistryForm = withTheme<RegistryFormData, RJSFSchema, RegistryFormContext>(registryTheme);
