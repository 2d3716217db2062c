import type { EffectName } from '../../../../engine/workflows/workflow-effects.js';
import type { EffectHandler } from './effect-input.js';
import { lockRecordEffect, unlockRecordEffect } from './lock-effects.js';
import { notifyEffect } from './notify-effect.js';
import { publishEventEffect } from './publish-event.js';
import { postRecordEffect, setFieldsEffect, storeTextEffect } from './record-effects.js';
import { grantRoleEffect, removeRoleEffect } from './role-effects.js';
import { verificationCaseEffect } from './verification-case.js';
import { enrollmentReviewEffect } from './enrollment-review.js';

/**
 * The effects workflow metadata may name, written in code (their parameters are declared in
 * engine/workflows/workflow-effects.ts and checked by metadata:check). A new effect is one entry
 * here and one there.
 */
export const EFFECTS: { readonly [N in EffectName]: EffectHandler<N> } = {
  publishEvent: publishEventEffect,
  grantRole: grantRoleEffect,
  removeRole: removeRoleEffect,
  lockRecord: lockRecordEffect,
  unlockRecord: unlockRecordEffect,
  setFields: setFieldsEffect,
  storeText: storeTextEffect,
  postRecord: postRecordEffect,
  verificationCase: verificationCaseEffect,
  enrollmentReview: enrollmentReviewEffect,
  notify: notifyEffect,
};
