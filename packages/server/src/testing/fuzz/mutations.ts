// How a valid payload is bent: a field set to an odd value, an extra or prototype key added,
// a field dropped, or the whole payload nested under a prototype key.
import { CACHE_BUST_PARAM } from '@tradedesk/contract';
import fc from 'fast-check';
import { type Entry, jsonText } from './encoding.ts';
import { type Concrete, js, PROTOTYPE_NAMES, type Value, valueArb } from './values.ts';

const WRAPPERS = ['__proto__', 'constructor', 'prototype', 'constructor.prototype'] as const;
export type Mutation =
  | { op: 'set' | 'add'; key: string; value: Value }
  | { op: 'drop'; key: string }
  | { op: 'wrap'; under: (typeof WRAPPERS)[number]; keepTop: boolean };

// biome-ignore format: a table of values reads best packed
const EXTRA_KEYS = [
  ...PROTOTYPE_NAMES, CACHE_BUST_PARAM, 'user_id', 'is_demo', 'isAdmin', 'balance', 'id', '', ' ',
  'type ', 'TYPE', 'page[]', 'a'.repeat(1000), '\u0000', '😀', "' OR 1=1 --",
];

/** A mutation of a payload with these fields (an endpoint without any gets keys added). */
export function mutationArb(fields: readonly string[]): fc.Arbitrary<Mutation> {
  const add = fc.record({
    op: fc.constant('add' as const),
    key: fc.constantFrom(...EXTRA_KEYS, ...fields),
    value: valueArb,
  });
  const wrap = fc.record({
    op: fc.constant('wrap' as const),
    under: fc.constantFrom(...WRAPPERS),
    keepTop: fc.boolean(),
  });
  if (fields.length === 0)
    return fc.oneof({ weight: 3, arbitrary: add }, { weight: 1, arbitrary: wrap });
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ op: fc.constant('set' as const), key: field, value: valueArb }),
    },
    { weight: 2, arbitrary: add },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), key: field }) },
    { weight: 2, arbitrary: wrap },
  );
}

/** The entries after one mutation; `resolve` turns references into the running app's ids. */
export function applyMutation(
  entries: readonly Entry[],
  m: Mutation,
  resolve: (v: Value) => Concrete,
): Entry[] {
  switch (m.op) {
    case 'set': {
      const value = resolve(m.value);
      if (!entries.some(([k]) => k === m.key)) return [...entries, [m.key, value]];
      const first = entries.findIndex(([k]) => k === m.key);
      return entries.flatMap((e, i) =>
        e[0] !== m.key ? [e] : i === first ? [[m.key, value]] : [],
      );
    }
    case 'add':
      return [...entries, [m.key, resolve(m.value)]];
    case 'drop':
      return entries.filter(([k]) => k !== m.key);
    case 'wrap': {
      // Parsed from JSON text, so that own `__proto__` keys survive as data.
      const nested = JSON.parse(jsonText([...entries, ['fuzz_polluted', js('yes')]]));
      const wrapper: Entry =
        m.under === 'constructor.prototype'
          ? ['constructor', js({ prototype: nested })]
          : [m.under, js(nested)];
      return m.keepTop ? [...entries, wrapper] : [wrapper];
    }
  }
}
