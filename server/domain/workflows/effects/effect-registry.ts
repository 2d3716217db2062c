import type { EffectName } from '../../../../engine/workflows/workflow-effects.js';
import type { EffectHandler } from './effect-input.js';
import { lockRecordEffect, unlockRecordEffect } from './lock-effects.js';
import { notifyEffect } from './notify-effect.js';
import { publishEventEffect } from './publish-event.js';
import { postRecordEffect, setFieldsEffect } from './record-effects.js';
import { grantRoleEffect, removeRoleEffect } from './role-effects.js';

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
  postRecord: postRecordEffect,
  notify: notifyEffect,
};
