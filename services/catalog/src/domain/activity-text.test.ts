import { activityText, clientActivityText } from './activity-text';

describe('what the client page says of an activity', () => {
  it('uses the entry’s client words: a completed delivery says where it went, never who received it', () => {
    const stored = { type: 'delivery_completed', description: activityText.delivered('12 Harbour St', 'J. Ellis'), metadata: { deliveryId: 'd', clientDescription: activityText.deliveredForClient('12 Harbour St') } };
    expect(stored.description).toBe('Delivered to 12 Harbour St, received by J. Ellis');
    expect(clientActivityText(stored)).toBe('Delivered to 12 Harbour St');
  });

  it('says only “Delivered” for a completed delivery recorded before client words were kept (its line names the recipient)', () => {
    expect(clientActivityText({ type: 'delivery_completed', description: 'Delivered to 12 Harbour St, received by J. Ellis', metadata: { deliveryId: 'd' } })).toBe('Delivered');
  });

  it('keeps the history line of every other entry', () => {
    expect(clientActivityText({ type: 'item_added', description: 'Item "Sofa" added', metadata: {} })).toBe('Item "Sofa" added');
    expect(clientActivityText({ type: 'delivery_booked', description: 'Delivery booked for Mar 3', metadata: null })).toBe('Delivery booked for Mar 3');
  });
});
