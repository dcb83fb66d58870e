import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~25 ms here, costly for an attacker.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Hash of a random string, verified against when the e-mail is unknown so both paths take the same time. */
let dummyHash: Promise<string> | null = null;
export const timingDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));
