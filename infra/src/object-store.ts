import fs from 'node:fs';
// s3rver has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('@20minutes/s3rver');

export interface RunningObjectStore {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  stop(): Promise<void>;
}

/** An S3-protocol server in process that verifies SigV4, used with the same client a MinIO server would get. */
export async function startObjectStore(opts: { dir: string; port: number; bucket?: string }): Promise<RunningObjectStore> {
  const bucket = opts.bucket ?? 'midway-uploads';
  fs.mkdirSync(opts.dir, { recursive: true });
  const server = new S3rver({ port: opts.port, address: '127.0.0.1', directory: opts.dir, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    // s3rver's built-in credentials; a real deployment sets its own through S3_ACCESS_KEY/S3_SECRET_KEY.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    stop: () => server.close(),
  };
}
