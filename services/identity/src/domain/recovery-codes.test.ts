import { isRecoveryCodeShape, newRecoveryCodes, recoveryCodeHash, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect(isRecoveryCodeShape(c)).toBe(true);
    }
  });

  it('hash the same however they are typed, and differently from each other', () => {
    const [a, b] = newRecoveryCodes(2);
    expect(recoveryCodeHash(a!)).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(` ${a!.toUpperCase().replace('-', ' ')} `)).toBe(recoveryCodeHash(a!));
    expect(recoveryCodeHash(a!)).not.toBe(recoveryCodeHash(b!));
    expect(recoveryCodeHash(a!)).not.toContain(a!.replace('-', ''));
  });

  it('are told apart from an app code', () => {
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });
});
