import { formatText } from '../../../engine/forms/form-messages.js';
import type { AppContext } from '../../app-context.js';

/** A message of the metadata administration (metadata/texts/metadata-admin.json). */
export function adminText(ctx: AppContext, key: string, params: Readonly<Record<string, string | number>> = {}): string {
  return formatText(ctx.registry.texts, `metadataAdmin.${key}`, params);
}
