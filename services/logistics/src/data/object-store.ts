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
}
