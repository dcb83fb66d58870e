const { createFederatedConfig } = require('@midway/ui/federation.cjs');

// Remote mf_landing; its exposed modules are typed by LandingProps in @midway/contracts.
module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_landing',
  title: 'Midway — landing (standalone preview)',
  exposes: { './Landing': './src/landing-page.tsx' },
});
