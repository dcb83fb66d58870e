import type { Readable } from 'node:stream';
import { Client } from 'minio';

export interface ObjectStoreConfig {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** Photos in the S3-compatible store through the minio client; objects are private and served by logistics. */
export class ObjectStore {
  private readonly client: Client;

  constructor(private readonly config: ObjectStoreConfig) {
    const url = new URL(config.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      pathStyle: true,
    });
  }

  async ensureBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.config.bucket))) await this.client.makeBucket(this.config.bucket, this.config.region);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.config.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  get(key: string): Promise<Readable> {
    return this.client.getObject(this.config.bucket, key);
  }

  /** One multi-object delete; keys that are already gone count as removed (S3 answers them as deleted). */
  async remove(keys: string[]): Promise<void> {
    if (!keys.length) return;
    const results = await this.client.removeObjects(this.config.bucket, keys);
    const failed = results.filter((r) => r && r.Error && r.Error.Code !== 'NoSuchKey');
    if (failed.length) throw new Error(`object store refused to delete ${failed.length} object(s): ${failed[0]!.Error!.Code} ${failed[0]!.Error!.Message ?? ''}`);
  }
}
