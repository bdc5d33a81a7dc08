// Runs once before the test files of the projects that open databases (vitest.config.ts): the
// migrated template they copy, made on the first run after the migrations change.
import { createTemplateDatabase } from './database';

export default function setup() {
  return createTemplateDatabase();
}
