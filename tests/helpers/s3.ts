// A local S3-compatible server (s3rver, objects on a temporary folder) for the tests of the S3
// upload store: a free loopback port, a bucket, and the settings the shop reads from S3_*.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/storage';

export interface TestS3 {
  settings: S3Settings;
  endpoint: string;
  /** Where s3rver keeps the objects (bucket folder inside). */
  directory: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'shop-uploads'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    // s3rver accepts this fixed pair and checks the signatures made with it.
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    endpoint,
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
