/// <reference path="./http-ece.d.ts" />
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

/** A push message as the service received it, decrypted the way the browser would. */
export interface ReceivedPush {
  device: string;
  headers: http.IncomingHttpHeaders;
  /** The JWT's claims, its ES256 signature checked against the header's key. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  message: Record<string, unknown>;
  /** performance.now() when it arrived (benchmarks measure to it). */
  receivedAt: number;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** Checks a `vapid t=<jwt>, k=<key>` header (RFC 8292) and answers its claims. */
function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token = '', publicKey = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  return { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), publicKey };
}

/**
 * A push service on 127.0.0.1 for the tests, and the devices subscribed to it: each device
 * has its own P-256 key pair and auth secret, as a browser makes them, and decrypts what it
 * is sent (RFC 8291, aes128gcm) with the `http_ece` library. A device can be told to answer
 * with a status (410: gone; 500: failing) instead of 201.
 */
export async function startLocalPushService() {
  // Push services are HTTPS (web-push speaks nothing else): a certificate for 127.0.0.1,
  // which the app is told to trust (PUSH_CA_FILE).
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'td-push-')), 'ca.pem');
  fs.writeFileSync(caFile, pems.cert);
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const errors: unknown[] = [];
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = (request.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(name);
      if (!device) return void response.writeHead(404).end();
      if (device.status !== 201) return void response.writeHead(device.status).end('refused');
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        received.push({
          device: name,
          headers: request.headers,
          vapid: verifyVapid(request.headers.authorization),
          message: JSON.parse(plain.toString('utf8')),
          receivedAt: performance.now(),
        });
        response.writeHead(201).end();
      } catch (error) {
        errors.push(error);
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The certificate to trust (PEM file). */
    caFile,
    received,
    /** Decryption or signature failures: a test expects none. */
    errors,
    /** A new device: the subscription its browser would hand the app. */
    device(name: string) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    /** What the device's endpoint answers from now on. */
    answer(name: string, status: number) {
      const device = devices.get(name);
      if (device) device.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
