import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { certificateCodeFrom, displayCertificateCode } from '../../../engine/training/certificate-code.js';
import { formatDate } from '../../../engine/text/format.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { certificateCodeTaken } from '../../data/certificate-store.js';
import { insertFile } from '../../data/file-store.js';
import type { AttendanceEnrollment } from '../attendance/attendance-rows.js';
import { moveIntoPlace, newFileKey, removeKey, removeQuietly, streamToTemp, type TempFile } from '../files/file-disk.js';
import { ENROLLMENT_ENTITY } from './certificate-access.js';
import { CERTIFICATE_CHECK_PATH } from './certificate-check.js';
import { renderCertificate } from './certificate-pdf.js';

export interface IssuedCertificate {
  fileId: number;
  fileKey: string;
  code: string;
}

const text = (ctx: AppContext, key: string, fallback: string): string => ctx.registry.texts[key] ?? fallback;

/** A new check code no certificate has yet (a clash of 60 random bits is not expected, but it is checked). */
async function freshCode(trx: Knex.Transaction): Promise<string> {
  for (;;) {
    const code = certificateCodeFrom(randomBytes(12));
    if (!(await certificateCodeTaken(trx, code))) return code;
  }
}

/**
 * Makes the certificate of a Completed attendance inside the attendance's transaction: the PDF,
 * its file row (kind r, owned by the professional, attached to the enrollment) and audit row, and
 * the bytes moved under their key before the commit. `written` collects the keys so that the
 * caller removes the bytes again when the transaction fails: both or neither.
 */
export async function issueCertificate(trx: Knex.Transaction, ctx: AppContext, e: AttendanceEnrollment,
  people: { personName: string; trainerName: string }, actorId: number, written: string[]): Promise<IssuedCertificate> {
  const code = await freshCode(trx);
  const timeZone = ctx.registry.tenant.timeZone;
  const productName = ctx.registry.tenant.productName;
  const hours = e.trainingHours === null ? '' : String(e.trainingHours);
  const pdf = await renderCertificate({
    title: text(ctx, 'certificate.title', 'Certificate of Completion'),
    intro: text(ctx, 'certificate.intro', 'This certifies that'),
    personName: people.personName,
    lines: [
      [text(ctx, 'certificate.course', 'Training'), e.courseName],
      [text(ctx, 'certificate.session', 'Session'), e.sectionName],
      [text(ctx, 'certificate.date', 'Date Completed'), formatDate(e.sessionEnd, timeZone)],
      [text(ctx, 'certificate.hours', 'Training Hours'), hours],
      [text(ctx, 'certificate.trainer', 'Trainer'), people.trainerName],
    ],
    checkText: text(ctx, 'certificate.checkText', 'Check that this certificate is genuine with its code at'),
    code: displayCertificateCode(code),
    checkAddress: `${ctx.config.publicUrl.replace(/\/+$/, '')}${CERTIFICATE_CHECK_PATH}`,
    productName,
  });
  const temp = await streamToTemp(ctx.config.dataDir, Readable.from([pdf]));
  try {
    return await storeCertificate(trx, ctx, e, temp, actorId, written, code);
  } finally {
    await removeQuietly(temp.path);
  }
}

async function storeCertificate(trx: Knex.Transaction, ctx: AppContext, e: AttendanceEnrollment, temp: TempFile, actorId: number, written: string[], code: string): Promise<IssuedCertificate> {
  const key = newFileKey();
  const name = `Certificate_${e.courseName}_${e.id}.pdf`.replace(/[^A-Za-z0-9._-]+/g, '_');
  const fileId = await insertFile(trx, {
    key, kind: 'r', fileSetId: null, originalName: name, contentType: 'application/pdf', size: temp.size, sha256: temp.sha256,
    ownerUserId: e.userId, entityTypeId: ENROLLMENT_ENTITY, entityId: e.id, formElementId: null, uploadedBy: actorId,
  });
  await writeAudit(trx, { userId: actorId, action: 'certificate.issue', entityTypeId: ENROLLMENT_ENTITY, entityId: e.id, detail: { fileId, fileName: name, size: temp.size } });
  written.push(key);
  await moveIntoPlace(ctx.config.dataDir, temp, key);
  return { fileId, fileKey: key, code };
}

/** Removes the bytes of certificates whose transaction failed. */
export async function removeWritten(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await removeKey(ctx.config.dataDir, key);
}
