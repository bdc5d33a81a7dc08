// Runs once before the test files of the projects that open databases (vitest.config.ts): the
// migrated template they copy, made on the first run after the migrations change, and on PGlite
// the folder of the run's worker databases, removed when the run ends.
import { createTemplateDatabase } from './database';

export default function setup() {
  return createTemplateDatabase();
}
