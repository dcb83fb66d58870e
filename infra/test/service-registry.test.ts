import { SERVICES, type ServiceContext } from '../src/service-registry';

const ctx = (over: Partial<ServiceContext> = {}): ServiceContext => ({
  databaseUrl: 'postgres://x@127.0.0.1:1/db',
  natsUrl: 'nats://127.0.0.1:2',
  smtpUrl: 'smtp://127.0.0.1:3',
  s3: { endpoint: 'http://127.0.0.1:4', accessKey: 'a', secretKey: 'b', bucket: 'bucket' },
  session: { privateKey: 'p', publicKey: 'q' },
  internal: { privateKey: 'p', publicKey: 'q' },
  admin: { email: 'a@b.c', password: 'pw' },
  staticRoot: '/',
  disabledRemotes: [],
  publicUrl: 'http://localhost:18080',
  urls: {},
  env: {},
  ...over,
});

describe('the platform gives each service its wiring', () => {
  // Reset e-mails link to PUBLIC_URL; on a gateway port other than 8080 a default would send users nowhere.
  it("tells identity the gateway's real address for the links it e-mails", () => {
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    expect(identity.env(ctx()).PUBLIC_URL).toBe('http://localhost:18080');
  });

  it("tells catalog where to send invitations and the gateway's real address their links point at", () => {
    const catalog = SERVICES.find((s) => s.name === 'catalog')!;
    expect(catalog.env(ctx({ env: { MAIL_FROM: 'Studio <studio@example.test>' } }))).toEqual(
      expect.objectContaining({ SMTP_URL: 'smtp://127.0.0.1:3', PUBLIC_URL: 'http://localhost:18080', MAIL_FROM: 'Studio <studio@example.test>' }),
    );
  });

  it("tells billing the gateway's real address its invoice e-mails' pay links point at", () => {
    const billing = SERVICES.find((s) => s.name === 'billing')!;
    expect(billing.env(ctx())).toEqual(expect.objectContaining({ SMTP_URL: 'smtp://127.0.0.1:3', PUBLIC_URL: 'http://localhost:18080' }));
  });
});

describe('the platform gives the gateway every replica', () => {
  it("hands the gateway each service's replicas as one comma-separated URL setting", () => {
    const gateway = SERVICES.find((s) => s.name === 'gateway')!;
    const env = gateway.env(ctx({ urls: { identity: ['http://127.0.0.1:4001', 'http://127.0.0.1:4101'], catalog: ['http://127.0.0.1:4002'] } }));
    expect(env.IDENTITY_URL).toBe('http://127.0.0.1:4001,http://127.0.0.1:4101');
    expect(env.CATALOG_URL).toBe('http://127.0.0.1:4002');
    expect(env.BILLING_URL).toBeUndefined();
  });
});
