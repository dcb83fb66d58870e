module.exports = async () => require('../dist/test-environment.js').teardown();
