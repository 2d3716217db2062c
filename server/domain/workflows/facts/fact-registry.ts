import type { FactName } from '../../../../engine/workflows/workflow-facts.js';
import type { FactReader } from './fact-reader.js';
import { verificationSeen } from './verification-seen.js';

/** The code of each fact workflow rules may read (engine/workflows/workflow-facts.ts names them). */
export const FACT_READERS: { readonly [N in FactName]: FactReader } = {
  verificationSeen,
};
