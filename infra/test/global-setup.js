// Jest loads this before any project; it runs the compiled infra (npm test builds first).
module.exports = async () => require('../dist/test-environment.js').setup();
