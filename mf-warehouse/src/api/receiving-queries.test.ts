import { anArrival } from '../test-fixtures';
import { arrivalToast } from './receiving-queries';

describe('what the desk says once an arrival is recorded', () => {
  it('counts the pieces of an item that comes in several, scan by scan', () => {
    expect(arrivalToast({ arrival: anArrival({ itemName: 'Linen sofa', piecesReceived: 1, piecesExpected: 3, piecesFlag: '1 of 3 pieces' }), repeat: false })).toEqual({
      title: 'Received: Linen sofa',
      description: 'Lakeview Residence. 1 of 3 pieces received: scan the rest as they come. Inspection due Mar 4, 2026, 3:04 PM.',
    });
    // A later scan adds its pieces (logistics answers 200, the arrival as it is now).
    expect(arrivalToast({ arrival: anArrival({ itemName: 'Linen sofa', piecesReceived: 3, piecesExpected: 3, piecesFlag: null }), repeat: true })).toEqual({
      title: 'Linen sofa: 3 of 3 pieces',
      description: '3 of 3 pieces received. Inspection due Mar 4, 2026, 3:04 PM.',
    });
  });

  it('a one-piece item scanned again changed nothing', () => {
    expect(arrivalToast({ arrival: anArrival({ itemName: 'Brass lamp', arrivedAt: '2026-03-01T09:00:00.000Z' }), repeat: true }).title).toBe('Already received');
    expect(arrivalToast({ arrival: anArrival({ itemName: 'Brass lamp' }), repeat: false })).toEqual({ title: 'Received: Brass lamp', description: 'Lakeview Residence. Inspection due Mar 4, 2026, 3:04 PM.' });
  });
});
