import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** ES256: asymmetric, so services holding only the public key can verify but never mint tokens. */
export const TOKEN_ALGORITHM = 'ES256' as const;

export function generateKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Reads `<dir>/<name>.key|.pub`, creating the pair on first use (embedded mode). */
export function loadOrCreateKeyPair(dir: string, name: string): KeyPair {
  const keyFile = path.join(dir, `${name}.key`);
  const pubFile = path.join(dir, `${name}.pub`);
  if (fs.existsSync(keyFile) && fs.existsSync(pubFile)) {
    return { privateKey: fs.readFileSync(keyFile, 'utf8'), publicKey: fs.readFileSync(pubFile, 'utf8') };
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = generateKeyPair();
  fs.writeFileSync(keyFile, pair.privateKey, { mode: 0o600 });
  fs.writeFileSync(pubFile, pair.publicKey, { mode: 0o644 });
  return pair;
}

// jsonwebtoken re-parses a PEM string on every call; parse each key once.
const parsedKeys = new Map<string, KeyObject>();
export function privateKeyObject(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) parsedKeys.set(pem, (key = createPrivateKey(pem)));
  return key;
}
export function publicKeyObject(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) parsedKeys.set(pem, (key = createPublicKey(pem)));
  return key;
}
