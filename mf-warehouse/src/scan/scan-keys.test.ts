import { enterAction } from './scan-keys';

describe('Enter in the scan box', () => {
  const shown = { code: '1Z999AA10123456784', matchCount: 3 };

  it('looks up what was scanned or typed, trimmed', () => {
    expect(enterAction('  1Z999AA10123456784 ', null)).toEqual({ kind: 'scan', code: '1Z999AA10123456784' });
    expect(enterAction('9405511899223197428490', shown)).toEqual({ kind: 'scan', code: '9405511899223197428490' });
  });

  it('does nothing on an empty box', () => {
    expect(enterAction('   ', shown)).toEqual({ kind: 'none' });
  });

  it('receives the nth match for a lone digit while matches are shown, 0 records it unmatched', () => {
    expect(enterAction('1', shown)).toEqual({ kind: 'receive', index: 0 });
    expect(enterAction('3', shown)).toEqual({ kind: 'receive', index: 2 });
    expect(enterAction('4', shown)).toEqual({ kind: 'none' });
    expect(enterAction('0', shown)).toEqual({ kind: 'unmatched' });
    expect(enterAction('0', { ...shown, matchCount: 0 })).toEqual({ kind: 'unmatched' });
  });

  it('looks a lone digit up when nothing was scanned yet', () => {
    expect(enterAction('1', null)).toEqual({ kind: 'scan', code: '1' });
  });

  it('receives the only match when the same parcel is scanned again, and looks it up again when there are several', () => {
    expect(enterAction('1Z999AA10123456784', { ...shown, matchCount: 1 })).toEqual({ kind: 'receive', index: 0 });
    expect(enterAction('1Z999AA10123456784', shown)).toEqual({ kind: 'scan', code: '1Z999AA10123456784' });
  });
});
