import path from 'node:path';

/** The repository root (infra/dist/.. or infra/src/..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');
