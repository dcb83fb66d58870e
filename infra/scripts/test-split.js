// How npm test splits the jest projects between two jests running side by side; between them every test
// file runs exactly once (infra/test/test-split.test.ts checks it).
const SELF_CONTAINED = ['e2e', 'faults'];
/** The two longest integration files, moved beside the journeys to even out the halves' times. */
const MOVED = '(logistics|catalog)/test/authorization-matrix\\.api\\.test\\.ts$';
/** Run one after the other, beside the second half. */
const firstHalf = [['--selectProjects', ...SELF_CONTAINED], ['--selectProjects', 'catalog', 'logistics', '--testPathPatterns', MOVED]];
const secondHalf = ['--ignoreProjects', ...SELF_CONTAINED, '--testPathIgnorePatterns', '/node_modules/', '/dist/', '/infra/faults/', MOVED];
module.exports = { firstHalf, secondHalf };
