import type { Knex } from 'knex';
import { cleanFileName } from '../../../engine/files/file-name.js';
import { formatFileSize } from '../../../engine/files/file-size.js';
import { detectFileType } from '../../../engine/files/file-type.js';
import { formatText } from '../../../engine/forms/form-messages.js';
import { isMultiValue } from '../../../engine/forms/form-values.js';
import type { FormElement } from '../../../engine/metadata/form-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { filesInSet, setHasForeignFile } from '../../data/file-store.js';
import { forbidden, invalid, textError } from '../../errors.js';
import { commitFile } from './file-commit.js';
import { readTemp, type TempFile } from './file-disk.js';
import type { FileInfo } from './file-rows.js';
import { purgeAbandonedUploads } from './file-removal.js';

/** The multipart request of POST /api/file/upload, as read by the route. */
export interface UploadRequest {
  fields: Record<string, string>;
  file: { temp: TempFile; name: string; truncated: boolean } | null;
}

const FILE_SET_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const UPLOAD_INVALID = 'The upload is not valid.';

const positiveInt = (raw: string | undefined): number | null => (raw !== undefined && /^[1-9]\d{0,9}$/.test(raw.trim()) ? Number(raw.trim()) : null);

interface UploadTarget { fileSetId: string; entityTypeId: number; element: FormElement }

/** fileSetId, entityTypeId and formElementId: a file upload element of a form of that entity type. */
function uploadTarget(ctx: AppContext, fields: Record<string, string>): UploadTarget {
  const errors: Record<string, string> = {};
  const fileSetId = fields.fileSetId?.trim() ?? '';
  if (!FILE_SET_PATTERN.test(fileSetId)) errors.fileSetId = 'A file set id of 8 to 64 letters, digits, hyphens or underscores is required.';
  const entityTypeId = positiveInt(fields.entityTypeId);
  if (entityTypeId === null) errors.entityTypeId = 'An entity type id is required.';
  const elementId = positiveInt(fields.formElementId);
  const found = elementId === null ? undefined : ctx.registry.elements.get(elementId);
  if (!found || found.element.type !== 'fileupload' || (entityTypeId !== null && found.form.entityTypeId !== entityTypeId)) {
    errors.formElementId = 'Not a file upload element of a form of this entity type.';
  }
  if (Object.keys(errors).length) throw invalid(UPLOAD_INVALID, errors);
  return { fileSetId, entityTypeId: entityTypeId!, element: found!.element };
}

async function checkFileSet(trx: Knex.Transaction, me: number, target: UploadTarget, nameLc: string): Promise<void> {
  if (await setHasForeignFile(trx, target.fileSetId, me, target.element.id, target.entityTypeId)) throw forbidden();
  const live = await filesInSet(trx, target.fileSetId);
  if (live.some((f) => f.originalName.toLowerCase() === nameLc)) throw duplicateName();
  if (!isMultiValue(target.element) && live.length > 0) throw textError('invalid', 'file.onlyOne', 'Only one file can be uploaded to this record.', 'file');
}

const duplicateName = () => textError('invalid', 'file.duplicate', 'A file with the name has already been uploaded.', 'file');

/**
 * POST /api/file/upload: the type decided by the bytes, the size cap, the one-file and
 * duplicate-name rules of the file set; then the row and the bytes both or neither. The file
 * stays pending (seen only by its uploader) until a record is saved with it.
 */
export async function uploadFile(ctx: AppContext, context: RuleContext, req: UploadRequest): Promise<FileInfo> {
  const target = uploadTarget(ctx, req.fields);
  const { file } = req;
  if (!file || file.temp.size === 0) throw textError('invalid', 'form.fileRequired', 'Please select a file.', 'file');
  const max = ctx.config.fileMaxBytes;
  if (file.truncated || file.temp.size > max) {
    const message = formatText(ctx.registry.texts, 'file.tooLarge', { max: formatFileSize(max) });
    throw invalid(message, { file: message });
  }
  const type = detectFileType(await readTemp(file.temp));
  if (!type) throw textError('invalid', 'file.unsupportedType', 'The file type is not supported.', 'file');

  const me = context.user.id;
  await purgeAbandonedUploads(ctx, me);
  const name = cleanFileName(file.name);
  const stored = { kind: 'u' as const, name, contentType: type.contentType, fileSetId: target.fileSetId, ownerUserId: me, entityTypeId: target.entityTypeId, formElementId: target.element.id, actorId: me };
  return commitFile(ctx, file.temp, stored, (trx) => checkFileSet(trx, me, target, name.toLowerCase())).catch((e: unknown) => {
    // two uploads of one name into one set at the same moment: the unique index decides
    throw /files_live_name_in_set|files\.file_set_id/.test(String(e)) ? duplicateName() : e;
  });
}
