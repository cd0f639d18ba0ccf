// The shapes the operator half of the contract fuzz sends (issue 24): odd and out-of-range
// values for every field of every operator call, and multipart bodies bent in the ways that
// answered 500 before.
import { CURRENCY_AMOUNT_MAX, FUNDING_PRICE_MAX, USD_AMOUNT_MAX } from '@tradedesk/contract';
import { ADMIN_ENDPOINTS, type AdminRouteName } from '@tradedesk/contract/admin';
import type { z } from 'zod';

/** Operator calls that take parameters, with the names of their fields. */
export function operatorFields(): [AdminRouteName, string[]][] {
  const list: [AdminRouteName, string[]][] = [];
  for (const [name, endpoint] of Object.entries(ADMIN_ENDPOINTS) as [
    AdminRouteName,
    { request?: z.ZodType },
  ][]) {
    const shape = (endpoint.request as { shape?: Record<string, unknown> } | undefined)?.shape;
    list.push([name, shape ? Object.keys(shape) : []]);
  }
  return list;
}

/**
 * Values that broke parsers and columns before: number forms a schema might let through,
 * integers past 2³¹ and 2⁵³, decimals past what a 10⁻⁶ column holds, each amount limit of the
 * contract and the smallest step past it, and the amounts of the reproductions (a
 * price of 10 000 000, a minimum of 999 999 999 999, a rate of 99 999 999 and a deposit of
 * 99 999 999 999).
 */
export const ODD_VALUES: readonly unknown[] = [
  '0x10',
  2 ** 31,
  2 ** 53 + 2,
  -1,
  '1e400',
  '9'.repeat(40),
  '0.0000001',
  '10000000',
  '99999999',
  '999999999999',
  '99999999999',
  // Each column's limit, and the smallest step past it.
  CURRENCY_AMOUNT_MAX,
  `${CURRENCY_AMOUNT_MAX}.00000001`,
  USD_AMOUNT_MAX,
  `${USD_AMOUNT_MAX}.000001`,
  FUNDING_PRICE_MAX,
  `${FUNDING_PRICE_MAX}.000000000001`,
  null,
  ['1'],
  { $gt: 0 },
];

/** A multipart request as sent on the wire: its content type and body. */
export interface MultipartShape {
  name: string;
  contentType: string;
  body: Buffer;
}

const BOUNDARY = '----tdfuzzboundary';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const part = (headers: string, content: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content)]);
const fileHeaders = (field = 'file', filename = 'photo.png') =>
  `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png`;
const close = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const typed = `multipart/form-data; boundary=${BOUNDARY}`;

/** Bodies of an image upload bent one way each; none is an image the server may keep. */
export const MULTIPART_SHAPES: readonly MultipartShape[] = [
  { name: 'no closing boundary', contentType: typed, body: part(fileHeaders(), PNG_HEAD) },
  {
    name: 'cut inside the part headers',
    contentType: typed,
    body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
  },
  {
    name: 'no boundary parameter',
    contentType: 'multipart/form-data',
    body: part(fileHeaders(), PNG_HEAD),
  },
  {
    name: 'a boundary the body never uses',
    contentType: 'multipart/form-data; boundary=other',
    body: Buffer.concat([part(fileHeaders(), PNG_HEAD), close]),
  },
  { name: 'empty body', contentType: typed, body: Buffer.alloc(0) },
  {
    name: 'only the closing boundary',
    contentType: typed,
    body: Buffer.from(`--${BOUNDARY}--\r\n`),
  },
  {
    name: 'a field, no file',
    contentType: typed,
    body: Buffer.concat([part('Content-Disposition: form-data; name="file"', 'text'), close]),
  },
  {
    name: 'a PNG header and nothing after it',
    contentType: typed,
    body: Buffer.concat([part(fileHeaders(), PNG_HEAD), close]),
  },
  {
    name: 'a file under another field name',
    contentType: typed,
    body: Buffer.concat([part(fileHeaders('avatar'), PNG_HEAD), close]),
  },
  {
    name: 'a part with no blank line after its headers',
    contentType: typed,
    body: Buffer.from(`--${BOUNDARY}\r\n${fileHeaders()}\r\n--${BOUNDARY}--\r\n`),
  },
];
