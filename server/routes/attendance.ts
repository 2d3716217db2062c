import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AttendanceCode } from '../../engine/training/attendance.js';
import { setAttendance } from '../domain/attendance/set-attendance.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const AttendanceBody = Type.Object({
  enrollmentRecordIds: Type.Array(RowId, { minItems: 1, maxItems: 500, description: 'enrollments of the caller\'s own courses' }),
  status: Type.Integer({ minimum: 0, maximum: 3, description: '0 cleared, 1 Completed, 2 Partially Completed, 3 Absent' }),
}, { additionalProperties: false });

const AttendanceAnswer = Type.Object({
  status: Type.Integer(),
  set: Type.Array(Type.Object({
    enrollmentRecordId: AnsweredId,
    trainingRecordId: OrNull(AnsweredId),
    certificateFileId: OrNull(AnsweredId),
  }, { additionalProperties: false }), { description: 'the rows that took the code; Completed ones with their training record and certificate' }),
  skipped: Type.Array(Type.Object({
    id: AnsweredId,
    reason: Type.String({ description: 'no-enrollment, locked, not-registered, final or not-ended' }),
  }, { additionalProperties: false }), { description: 'the rows left as they were' }),
}, { additionalProperties: false });

/** Attendance of a training session (spec part 3 sections 4 and 7). */
export const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.post('/enrollment/setattendance', {
    schema: { 'x-access': 'takesAttendance', tags: ['training'], summary: 'Set attendance on the eligible enrollments of the trainer\'s own course', body: AttendanceBody, response: answers({ 200: AttendanceAnswer }) },
  }, async (request) => setAttendance(ctx, request.caller, request.body.enrollmentRecordIds, request.body.status as AttendanceCode));
};
