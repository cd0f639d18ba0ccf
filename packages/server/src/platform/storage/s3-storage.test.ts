import { describe, expect, it } from 'vitest';
import { parseS3Url } from './s3-storage.ts';

describe('parseS3Url', () => {
  it('reads endpoint, credentials, bucket, prefix and region', () => {
    expect(
      parseS3Url('https://AKIA123:s3cret@s3.example.com:9000/uploads/kyc/2026?region=eu-west-1'),
    ).toEqual({
      endpoint: 'https://s3.example.com:9000',
      region: 'eu-west-1',
      bucket: 'uploads',
      prefix: 'kyc/2026',
      accessKeyId: 'AKIA123',
      secretAccessKey: 's3cret',
    });
  });

  it('defaults the region and the prefix, and ignores a trailing slash', () => {
    expect(parseS3Url('http://key:secret@127.0.0.1:4568/uploads/')).toMatchObject({
      endpoint: 'http://127.0.0.1:4568',
      region: 'us-east-1',
      bucket: 'uploads',
      prefix: '',
    });
  });

  it('decodes percent-encoded credentials', () => {
    const { accessKeyId, secretAccessKey } = parseS3Url(
      'http://key%40corp:a%2Fb%2Bc%3Ad%40e%25@minio:9000/uploads',
    );
    expect(accessKeyId).toBe('key@corp');
    expect(secretAccessKey).toBe('a/b+c:d@e%');
  });

  it.each([
    ['no bucket', 'http://key:secret@minio:9000', /must name a bucket/],
    ['only a slash for a bucket', 'http://key:secret@minio:9000/', /must name a bucket/],
    ['an invalid bucket', 'http://key:secret@minio:9000/Up_Loads', /invalid bucket "Up_Loads"/],
    ['another protocol', 'ftp://key:secret@minio/uploads', /must use http or https, not ftp:/],
    ['no URL at all', 'minio:9000/uploads', /must use http or https/],
    ['text that is no URL', 'not a url', /is not a valid URL/],
    ['no secret', 'http://key@minio:9000/uploads', /access key and the secret/],
    ['no credentials', 'http://minio:9000/uploads', /access key and the secret/],
    [
      'a badly encoded secret',
      'http://key:bad%zz@minio:9000/uploads',
      /badly percent-encoded secret/,
    ],
    ['an empty region', 'http://key:secret@minio:9000/uploads?region=', /empty region/],
    [
      'an unknown parameter',
      'http://key:secret@minio/uploads?regoin=x',
      /unknown parameter "regoin"/,
    ],
  ])('refuses %s, naming the problem', (_, url, problem) => {
    expect(() => parseS3Url(url)).toThrow(problem);
  });

  it('never repeats the secret in its errors', () => {
    for (const url of [
      'gopher://key:TOPSECRET@minio/uploads',
      'http://key:TOPSECRET@minio:99999/uploads',
      'http://key:TOPSECRET@minio/UPLOADS',
    ]) {
      expect(() => parseS3Url(url)).toThrow(/^S3_URL /);
      expect(() => parseS3Url(url)).not.toThrow(/TOPSECRET/);
    }
  });
});
