import { RESULT_CODES } from '@tradedesk/contract';
import {
  ADMIN_ROLES,
  type AdminRole,
  mayReadUpload,
  type UploadPurpose,
} from '@tradedesk/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { networkOf } from '../../testing/funding.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { testImage, uploadImage } from '../../testing/uploads.ts';

type Verdict = 'served' | 'forbidden' | 'not found' | 'invalid session' | `code ${number}`;
type Kind = 'identity document' | 'deposit proof' | 'sent as both' | 'not submitted';

const KINDS: readonly Kind[] = [
  'identity document',
  'deposit proof',
  'sent as both',
  'not submitted',
];
const PURPOSES: Record<Kind, UploadPurpose[]> = {
  'identity document': ['identity'],
  'deposit proof': ['deposit'],
  'sent as both': ['identity', 'deposit'],
  'not submitted': [],
};

/**
 * Issue 24, item 9: who reads which upload. Identity documents are compliance's, deposit
 * proofs finance's; the owner role reads everything; support and the editor read none. Stated
 * here row by row, not derived from the contract, so that a change of either shows.
 */
const EXPECTED: Record<AdminRole, Record<Kind, Verdict>> = {
  owner: {
    'identity document': 'served',
    'deposit proof': 'served',
    'sent as both': 'served',
    'not submitted': 'served',
  },
  compliance: {
    'identity document': 'served',
    'deposit proof': 'forbidden',
    'sent as both': 'served',
    'not submitted': 'forbidden',
  },
  finance: {
    'identity document': 'forbidden',
    'deposit proof': 'served',
    'sent as both': 'served',
    'not submitted': 'forbidden',
  },
  support: {
    'identity document': 'forbidden',
    'deposit proof': 'forbidden',
    'sent as both': 'forbidden',
    'not submitted': 'forbidden',
  },
  editor: {
    'identity document': 'forbidden',
    'deposit proof': 'forbidden',
    'sent as both': 'forbidden',
    'not submitted': 'forbidden',
  },
};

describe.each(DIALECTS)('who reads a private upload on $name', ({ name, skip }) => {
  let t: TestApp;
  let trader: { id: number; token: string };
  let urls: Record<Kind, string>;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    trader = await registerTrader(t, 'documents@example.com');
    const upload = async (width: number) => {
      const answer = await uploadImage(t.app, trader.token, await testImage('png', { width }));
      if (answer.code !== 1) throw new Error(`upload refused: ${answer.msg}`);
      return answer.data.url as string;
    };
    urls = {
      'identity document': await upload(41),
      'deposit proof': await upload(42),
      'sent as both': await upload(43),
      'not submitted': await upload(44),
    };
    const as = { authorization: trader.token };
    const identity = await t.call(
      'POST',
      '/api/user_real/real_name',
      {
        name: 'Dana Documents',
        card_id: 'P7777777',
        front_pic: urls['sent as both'],
        reverse_pic: urls['identity document'],
      },
      as,
    );
    expect(identity.code).toBe(1);
    const network = await networkOf(t, trader.token, 'USDT', 'TRC20');
    for (const proof of [urls['deposit proof'], urls['sent as both']]) {
      const deposit = await t.call(
        'POST',
        '/api/quickCharge/submit',
        { number: '100', proofImg: proof, address: network.address, charge_id: network.id },
        as,
      );
      expect(deposit.code).toBe(1);
    }
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** GET an upload with a token; what the answer means. */
  const read = async (url: string, token: string | undefined): Promise<Verdict> => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { lang: 'en', ...(token === undefined ? {} : { authorization: token }) },
    });
    if (response.statusCode === 200 && response.headers['content-type'] === 'image/png')
      return 'served';
    const { code } = response.json() as { code: number };
    if (code === RESULT_CODES.ADMIN_FORBIDDEN.code) return 'forbidden';
    if (code === RESULT_CODES.NOT_FOUND.code) return 'not found';
    if (code === RESULT_CODES.INVALID_SESSION.code) return 'invalid session';
    return `code ${code}`;
  };
  const readAll = async (token: string | undefined) => {
    const verdicts = {} as Record<Kind, Verdict>;
    for (const kind of KINDS) verdicts[kind] = await read(urls[kind], token);
    return verdicts;
  };

  it.skipIf(skip)('gives each role the documents it reviews, and no other', async () => {
    const actual = {} as Record<AdminRole, Record<Kind, Verdict>>;
    for (const role of ADMIN_ROLES)
      actual[role] = await readAll((await createOperator(t, role)).token);
    expect(actual).toEqual(EXPECTED);
    // The back office shows or hides each picture by the contract's rule: the same one.
    for (const role of ADMIN_ROLES)
      for (const kind of KINDS)
        expect(mayReadUpload(role, PURPOSES[kind]), `${role}, ${kind}`).toBe(
          EXPECTED[role][kind] === 'served',
        );
    // The trader reads their own; another trader learns nothing; a visitor must sign in.
    const allAs = (verdict: Verdict) => Object.fromEntries(KINDS.map((kind) => [kind, verdict]));
    expect(await readAll(trader.token)).toEqual(allAs('served'));
    const other = await registerTrader(t, 'someone-else@example.com');
    expect(await readAll(other.token)).toEqual(allAs('not found'));
    expect(await readAll(undefined)).toEqual(allAs('invalid session'));
  });

  it.skipIf(skip)(
    'follows the identity submission: pictures it replaced are no longer compliance’s',
    async () => {
      const compliance = await createOperator(t, 'compliance');
      const rejected = await adminCall(t, compliance.token, 'rejectIdentity', {
        id: trader.id,
        reason: 'The back side is blurred',
      });
      expect(rejected.code).toBe(1);
      const newBack = (
        await uploadImage(t.app, trader.token, await testImage('png', { width: 45 }))
      ).data.url as string;
      const resubmitted = await t.call(
        'POST',
        '/api/user_real/real_name',
        {
          name: 'Dana Documents',
          card_id: 'P7777777',
          front_pic: urls['sent as both'],
          reverse_pic: newBack,
        },
        { authorization: trader.token },
      );
      expect(resubmitted.code).toBe(1);
      expect(await read(newBack, compliance.token)).toBe('served');
      // The old back side is referenced by nothing now: the trader's and the owner role's.
      const oldBack = urls['identity document'];
      expect(await read(oldBack, compliance.token)).toBe('forbidden');
      expect(await read(oldBack, (await createOperator(t, 'owner')).token)).toBe('served');
      expect(await read(oldBack, trader.token)).toBe('served');
    },
  );
});
