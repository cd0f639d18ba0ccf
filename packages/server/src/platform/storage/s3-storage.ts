import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './storage.ts';

/** Where S3_URL points: an endpoint, a bucket, and the prefix every key is stored under. */
export interface S3Location {
  /** Protocol, host and port only, e.g. `https://s3.example.com:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Put before every key with a `/`; `''` stores keys at the root of the bucket. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const FORMAT = 'http(s)://ACCESS_KEY:SECRET@host:port/bucket[/prefix][?region=REGION]';
const DEFAULT_REGION = 'us-east-1';
/** S3's naming rules for buckets, which S3-compatible servers share. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function invalid(problem: string): Error {
  return new Error(`S3_URL ${problem} (expected ${FORMAT})`);
}

function decodePart(part: string, name: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid(`has a badly percent-encoded ${name}`);
  }
}

/**
 * Reads S3_URL. Errors name what is wrong but never repeat the URL, nor chain the URL
 * parser's error (which carries it): the URL holds the secret, and errors end up in logs.
 */
export function parseS3Url(s3Url: string): S3Location {
  let url: URL;
  try {
    url = new URL(s3Url);
  } catch {
    throw invalid('is not a valid URL (percent-encode any / + @ : in the key and secret)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`must use http or https, not ${url.protocol.slice(0, 20)}`);
  }
  if (url.username === '' || url.password === '') {
    throw invalid('must hold the access key and the secret');
  }
  const [bucket = '', ...prefixParts] = url.pathname.split('/').filter((part) => part !== '');
  if (bucket === '') throw invalid('must name a bucket after the host');
  if (!BUCKET_PATTERN.test(bucket)) throw invalid(`names an invalid bucket "${bucket}"`);

  // Refusing unknown parameters turns a typo (`?regoin=`) into an error at startup instead
  // of a silently ignored setting.
  for (const name of url.searchParams.keys()) {
    if (name !== 'region') throw invalid(`has an unknown parameter "${name}"`);
  }
  const region = url.searchParams.get('region') ?? DEFAULT_REGION;
  if (region === '') throw invalid('has an empty region');

  return {
    endpoint: `${url.protocol}//${url.host}`,
    region,
    bucket,
    prefix: prefixParts.map((part) => decodePart(part, 'prefix')).join('/'),
    accessKeyId: decodePart(url.username, 'access key'),
    secretAccessKey: decodePart(url.password, 'secret'),
  };
}

/**
 * Only a missing key is a missing object: a missing bucket (also a 404) is a broken setup and
 * must fail loudly. AWS answers a GET of a missing key with 403 AccessDenied instead when the
 * credentials lack s3:ListBucket; that stays an error too, so grant ListBucket on the bucket.
 */
function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== 'NoSuchBucket'
  );
}

/**
 * Keeps objects in an S3 bucket (AWS or any S3-compatible server such as MinIO), for
 * deployments of several nodes that must all see every upload.
 *
 * Path-style addressing (`host/bucket/key`), because S3-compatible servers rarely have the
 * wildcard DNS that virtual-hosted buckets need. Objects are written without an ACL, so they
 * keep the bucket's default, private: they are read back through the server, never linked.
 */
export function createS3Storage(s3Url: string): Storage {
  const { endpoint, region, bucket, prefix, accessKeyId, secretAccessKey } = parseS3Url(s3Url);
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });

  function objectKeyOf(key: string): string {
    assertStorageKey(key);
    return prefix === '' ? key : `${prefix}/${key}`;
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKeyOf(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },

    async get(key) {
      const objectKey = objectKeyOf(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
        if (!object.Body) throw new Error(`S3 answered object ${key} without a body`);
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing key as for a present one.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKeyOf(key) }));
    },

    async close() {
      client.destroy();
    },
  };
}
