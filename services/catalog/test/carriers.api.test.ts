import { actor, useCatalog } from './catalog-harness';

/**
 * Item views carry the carrier: the one the designer chose, or else the one detected from the tracking
 * number (@midway/carriers), with a link to its tracking page; an unrecognised number has neither.
 */
const t = useCatalog();
const http = t.http;

const NUMBERS = [
  ['UPS', '1Z5R89390357567127', 'ups', 'https://www.ups.com/track?tracknum=1Z5R89390357567127'],
  ['FedEx', '986578788855', 'fedex', 'https://www.fedex.com/fedextrack/?trknbr=986578788855'],
  ['USPS', '9505 5110 6960 5048 6006 24', 'usps', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9505511069605048600624'],
  ['DHL', '3318810025', 'dhl', 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=3318810025'],
  ['Canada Post', 'RB123456785CA', 'canada-post', 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=RB123456785CA'],
  ['Purolator', 'ABC123456789', 'purolator', 'https://www.purolator.com/en/shipping/tracker?pin=ABC123456789'],
  ['an unrecognised number', 'PO-4471-B', null, null],
] as const;

describe('GET /api/items and GET /api/projects/{id}', () => {
  it.each(NUMBERS)('%s: carrierId and trackingUrl detected from the number when none was chosen', async (_name, trackingNumber, carrierId, trackingUrl) => {
    const owner = actor();
    const p = await http.project(owner);
    const created = await http.item(owner, p.id, { trackingNumber });
    expect([created.carrierId, created.trackingUrl]).toEqual([carrierId, trackingUrl]);
    const listed = (await http.get(`/api/items?projectId=${p.id}`, owner)).body[0];
    expect([listed.carrierId, listed.trackingUrl]).toEqual([carrierId, trackingUrl]);
    const detail = (await http.get(`/api/projects/${p.id}`, owner)).body.items[0];
    expect([detail.carrierId, detail.trackingUrl]).toEqual([carrierId, trackingUrl]);
  });

  it('keeps the carrier the designer chose, and links with it', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const item = await http.item(owner, p.id, { trackingNumber: '1Z5R89390357567127', carrierId: 'fedex' });
    const listed = (await http.get(`/api/items?projectId=${p.id}`, owner)).body.find((i: { id: string }) => i.id === item.id);
    expect([listed.carrierId, listed.trackingUrl]).toEqual(['fedex', 'https://www.fedex.com/fedextrack/?trknbr=1Z5R89390357567127']);
  });

  it('an item without a tracking number has no carrier and no link', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const item = await http.item(owner, p.id);
    expect([item.carrierId, item.trackingUrl]).toEqual([null, null]);
  });
});
