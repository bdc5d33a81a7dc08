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
