// The throwaway S3 server of scripts/test (moto): the environment that points
// a pleat at a fresh prefix of its bucket, or null without a server (then
// the S3 suites are skipped, loudly, except in CI where they must run).
import { randomUUID } from 'node:crypto';

export function s3Env() {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  const bucket = process.env.TEST_S3_BUCKET;
  if (!endpoint || !bucket) {
    if (process.env.CI) throw new Error('TEST_S3_ENDPOINT/TEST_S3_BUCKET are not set: CI must test the S3 backend');
    return null;
  }
  return {
    PLEAT_STORAGE_URL: `s3://${bucket}/js-${randomUUID()}`,
    AWS_ACCESS_KEY_ID: 'pleat-test',
    AWS_SECRET_ACCESS_KEY: 'pleat-test-secret',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL: endpoint,
    AWS_ALLOW_HTTP: 'true',
  };
}

export const NO_S3 = 'no S3 test server (TEST_S3_ENDPOINT unset): run through scripts/test or scripts/dev/with-pg';
