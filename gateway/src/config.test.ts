import { gatewayEnvSchema, urlsOf } from './config';

describe("the gateway's service URL settings", () => {
  const identity = gatewayEnvSchema.shape.IDENTITY_URL;
  const catalog = gatewayEnvSchema.shape.CATALOG_URL;

  it('take one URL or a comma-separated list of replicas', () => {
    expect(identity.safeParse('http://127.0.0.1:4001').success).toBe(true);
    expect(identity.safeParse('http://127.0.0.1:4001, http://127.0.0.1:4101').success).toBe(true);
    expect(urlsOf('http://127.0.0.1:4001, http://127.0.0.1:4101,')).toEqual(['http://127.0.0.1:4001', 'http://127.0.0.1:4101']);
    expect(catalog.safeParse(undefined).success).toBe(true);
  });

  it('refuse a list with anything but URLs in it, naming the setting', () => {
    const bad = identity.safeParse('http://127.0.0.1:4001,127.0.0.1:4101 oops');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^IDENTITY_URL must be .* comma-separated list/);
    expect(identity.safeParse('').success).toBe(false);
    expect(identity.safeParse(' , ').success).toBe(false);
  });
});
