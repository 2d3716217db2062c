import { sweepEveryScreen } from './support/every-screen-sweep.js';

/** Every screen of every demo role on a laptop (1280 px): tests/e2e/support/every-screen-sweep.ts. */
sweepEveryScreen([1280]);
