// Runs before each test file (setupFiles in vitest.config.ts). The files of a worker share one
// module cache (isolate: false), so state a file expects to find fresh is made fresh here.
import { resetFactoryNumbers } from './factories';

resetFactoryNumbers();
