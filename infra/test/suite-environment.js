// Jest test environment of the service, gateway and infra projects. A test file under test/ (an integration
// test) gets a database and a NATS JetStream server of its own, so what another file left behind (rows an
// admin's lists would read, a durable consumer's backlog of that file's events) never slows or changes it,
// and two files can run side by side. The run's Postgres server and mail sink stay shared. Unit tests beside
// the code touch neither and get the plain Node environment.
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { createFreshDatabase, dropDatabase, freePort, startNats } = require('../dist/index.js');

class SuiteEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.isolated = /[\\/]test[\\/]/.test(context.testPath);
    this.env = this.global.process.env;
  }

  async setup() {
    await super.setup();
    if (!this.isolated) return;
    const dir = fs.mkdtempSync(path.join(this.env.TEST_TMP_DIR, 'suite-'));
    const [nats, databaseUrl] = await Promise.all([
      freePort().then((port) => startNats({ dir: path.join(dir, 'nats'), port })),
      createFreshDatabase(this.env.TEST_DATABASE_URL, 'suite', this.env.TEST_TEMPLATE_DATABASE),
    ]);
    this.own = { dir, nats, databaseUrl };
    this.env.TEST_DATABASE_URL = databaseUrl;
    this.env.TEST_NATS_URL = nats.url;
  }

  async teardown() {
    if (this.own) {
      const { dir, nats, databaseUrl } = this.own;
      await Promise.all([nats.stop(), dropDatabase(databaseUrl)]).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await super.teardown();
  }
}

module.exports = SuiteEnvironment;
