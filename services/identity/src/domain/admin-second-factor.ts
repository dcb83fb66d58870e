import { isAdmin, type SecondFactorState, type SystemRole } from '@midway/contracts';

export type AdminSecondFactorPolicy = 'optional' | 'required';

/** Who may turn a second factor on: staff (`midway_admin`), whose accounts move money and see every project. */
export const mayEnrolSecondFactor = (user: { systemRole: SystemRole }): boolean => isAdmin(user);

/**
 * Where a user stands: `on` with a confirmed app (the sign-in asks for its code after the password); `enrol` for an
 * admin without one when `ADMIN_2FA=required` (their session reaches nothing but the enrolment); `off` otherwise.
 */
export function secondFactorState(user: { systemRole: SystemRole }, hasApp: boolean, policy: AdminSecondFactorPolicy): SecondFactorState {
  if (hasApp) return 'on';
  return policy === 'required' && mayEnrolSecondFactor(user) ? 'enrol' : 'off';
}
