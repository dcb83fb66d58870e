import { mayEnrolSecondFactor, secondFactorState } from './admin-second-factor';

const admin = { systemRole: 'midway_admin' as const };
const designer = { systemRole: 'designer' as const };

describe('secondFactorState', () => {
  it('is on with an app, whatever the policy', () => {
    expect(secondFactorState(admin, true, 'optional')).toBe('on');
    expect(secondFactorState(admin, true, 'required')).toBe('on');
  });

  it('sends an admin without an app to enrol only when it is required', () => {
    expect(secondFactorState(admin, false, 'required')).toBe('enrol');
    expect(secondFactorState(admin, false, 'optional')).toBe('off');
  });

  it('never asks it of a designer', () => {
    expect(secondFactorState(designer, false, 'required')).toBe('off');
    expect(mayEnrolSecondFactor(designer)).toBe(false);
    expect(mayEnrolSecondFactor(admin)).toBe(true);
  });
});
