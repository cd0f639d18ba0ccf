// s3rver ships no types; this covers what the storage tests use of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Resolves with the address the server is bound to (read the port from it). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
