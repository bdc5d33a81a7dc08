import { hash, verify } from '@node-rs/argon2';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

// Algorithm 2 is argon2id (the enum is a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with a different cost than the current one (rehash on login). */
export function needsRehash(hashed: string, cost: Argon2Cost): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(hashed);
  if (!match) return true;
  return Number(match[1]) !== cost.memoryCost || Number(match[2]) !== cost.timeCost;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Verifies against a throwaway hash of the same cost, so a login for an unknown user takes as
 * long as one for a known user and the timing does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string, cost: Argon2Cost): Promise<false> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
