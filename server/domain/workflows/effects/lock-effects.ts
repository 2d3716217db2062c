import type { EffectHandler } from './effect-input.js';

/**
 * Locking is the entity's lockedWhen rule (as for verification): these effects set or clear the
 * boolean field that rule reads, so forms refuse to change the record while it is set.
 */
export const lockRecordEffect: EffectHandler<'lockRecord'> = async (i) => { i.setFields({ [i.params.field]: true }); };
export const unlockRecordEffect: EffectHandler<'unlockRecord'> = async (i) => { i.setFields({ [i.params.field]: false }); };
