// The values a fuzzed field is set to: odd numbers, ids written in odd forms, structures,
// odd and long texts, and references to ids and addresses known only once the app runs.
import fc from 'fast-check';

/** A value as sent: a JS value to serialise, or JSON text written as is. */
export type Concrete = { js: unknown } | { raw: string };
/** Ids known only once the app runs (orders come and go), written in one of ID_FORMS. */
// biome-ignore format: a table of values reads best packed
const NUMERIC_REFS = [
  'instrument', 'area', 'holding', 'pending', 'closed', 'foreign', 'demoUser', 'missing',
  'network', 'wire', 'drawCurrency', 'drawMethod',
] as const;
export type NumericRef = (typeof NUMERIC_REFS)[number];
export type TextRef =
  | 'freshEmail'
  | 'freshMobile'
  | 'regEmail'
  | 'regCode'
  | 'loginEmail'
  | 'realEmail'
  | 'frontPic'
  | 'reversePic'
  | 'networkAddress';
// biome-ignore format: a table of values reads best packed
const ID_FORMS = [
  'number', 'text', 'padded', 'zeros', 'hex', 'binary', 'octal', 'exponent', 'plus', 'decimal',
  'arabic', 'fullwidth', 'array', 'wrap32', 'negative',
] as const;
export type IdForm = (typeof ID_FORMS)[number];
export type Value = Concrete | { ref: NumericRef; form: IdForm } | { text: TextRef };

export const js = (value: unknown): Concrete => ({ js: value });
/** A JSON number token as written (1e400, -0); the same text in forms and query strings. */
export const raw = (text: string): Concrete => ({ raw: text });
export const ref = (name: NumericRef, form: IdForm = 'number'): Value => ({ ref: name, form });
export const textRef = (name: TextRef): Value => ({ text: name });

/** An object with an own key that an object literal cannot hold (`__proto__`). */
const withOwnKey = (key: string, value: unknown): object =>
  JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);

const shiftDigits = (digits: string, zero: number) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));

/** The id `n` written in the form asked. */
export function writeId(n: number, form: IdForm): Concrete {
  const digits = String(n);
  switch (form) {
    case 'number':
      return js(n);
    case 'text':
      return js(digits);
    case 'padded':
      return js(` ${digits} `);
    case 'zeros':
      return js(`000${digits}`);
    case 'hex':
      return js(`0x${n.toString(16)}`);
    case 'binary':
      return js(`0b${n.toString(2)}`);
    case 'octal':
      return js(`0o${n.toString(8)}`);
    case 'exponent':
      return js(`${digits}e0`);
    case 'plus':
      return js(`+${digits}`);
    case 'decimal':
      return js(`${digits}.0`);
    case 'arabic':
      return js(shiftDigits(digits, 0x0660));
    case 'fullwidth':
      return js(shiftDigits(digits, 0xff10));
    case 'array':
      return js([n]);
    case 'wrap32':
      return js(n + 2 ** 32);
    case 'negative':
      return js(-n);
  }
}

// biome-ignore format: a table of values reads best packed
export const PROTOTYPE_NAMES: readonly string[] = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__',
];
// biome-ignore format: a table of values reads best packed
const NUMBER_ODDITIES: Concrete[] = [
  ...[2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, -1, 0, 1e308, -1e308, 0.5, 1e-7].map(js),
  ...['1e400', '-0', '1E2', '9007199254740993', '100000000000000000000000', '0.1e1'].map(raw),
  ...['NaN', '0x10', '0b11', '0o17', '1e2', ' 12 ', '١٢', '１２', '+5', '-0', 'Infinity', '-Infinity',
    '2147483648', '9007199254740993', '1.', '.5', '1,5', '1_000', '0012', '12abc', '1 2'].map(js),
];
// biome-ignore format: a table of values reads best packed
const STRUCTURES: Concrete[] = [
  true, false, null, [], [5], ['1', '2'], [[1]], {}, { a: 1 }, { length: 1, 0: '5' },
  withOwnKey('__proto__', { fuzz_polluted: 'yes' }),
  { constructor: { prototype: { fuzz_polluted: 'yes' } } },
].map(js);
// biome-ignore format: a table of values reads best packed
const TEXT_ODDITIES: Concrete[] = [
  '', ' ', '\t', '\u0000', '\u0001\u0002\u001f', '\r\n', '\u007f', '\u001b[31m', '😀', 'Ω≈ç√',
  '\u202e', '\ufeff', '\ud800', '\u200b', 'مرحبا', "' OR '1'='1", '1; DROP TABLE users; --',
  '1) OR (1=1', '%', '_', '\\', '"', '{{7*7}}', '<script>alert(1)</script>', '../../etc/passwd',
  'null', 'undefined', 'true',
].map(js);
/** 10 KB to 100 KB. */
// biome-ignore format: a table of values reads best packed
const LONG_TEXTS: Concrete[] = ([
  ['a', 10_000], ['9', 10_000], ['x', 100_000], ['€', 20_000], ['😀', 5_000], ['\u0000', 10_000],
  ["'", 10_000],
] as const).map(([char, times]) => js(char.repeat(times)));

/** Any value a mutation may put in a field; the weights favour numbers and ids. */
export const valueArb: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Value>(...NUMBER_ODDITIES) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...NUMERIC_REFS), fc.constantFrom(...ID_FORMS))
      .map(([name, form]) => ref(name, form)),
  },
  { weight: 2, arbitrary: fc.constantFrom<Value>(...STRUCTURES) },
  { weight: 2, arbitrary: fc.constantFrom<Value>(...TEXT_ODDITIES) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES).map(js) },
  { weight: 1, arbitrary: fc.constantFrom<Value>(...LONG_TEXTS) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 16 }),
        fc.integer({ min: -(2 ** 33), max: 2 ** 33 }),
        fc.double(),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(js),
  },
);
