// Runs once before the test files (vitest.config.ts): the migrated template they copy.
import { createTemplateDatabase } from './database';

export default function setup() {
  return createTemplateDatabase();
}
