import { createCrashPoints, parseCrashPoint } from './crash-point';

describe('crash points', () => {
  it('are inert without MIDWAY_CRASH_POINT', () => {
    const die = jest.fn();
    const points = createCrashPoints(undefined, die);
    for (let i = 0; i < 100; i++) points.pass('after-commit-before-publish', { i });
    expect(die).not.toHaveBeenCalled();
    expect(parseCrashPoint('')).toBeNull();
  });

  it('die on exactly the n-th pass of the named point, saying what was committed', () => {
    const die = jest.fn();
    const points = createCrashPoints('after-commit-before-publish:3', die);
    points.pass('after-commit-before-publish', ['a']);
    points.pass('after-commit-before-publish', ['b']);
    expect(die).not.toHaveBeenCalled();
    points.pass('after-commit-before-publish', ['c']);
    expect(die).toHaveBeenCalledTimes(1);
    expect(JSON.parse(die.mock.calls[0][0])).toMatchObject({ crashPoint: 'after-commit-before-publish', pass: 3, detail: ['c'] });
    points.pass('after-commit-before-publish', ['d']);
    expect(die).toHaveBeenCalledTimes(1);
  });

  it('refuse a value they cannot follow rather than silently never crashing', () => {
    for (const bad of ['after-commit-before-publish', 'after-commit-before-publish:0', 'before-lunch:2', 'after-commit-before-publish:x']) {
      expect(() => parseCrashPoint(bad)).toThrow(/MIDWAY_CRASH_POINT/);
    }
  });
});
