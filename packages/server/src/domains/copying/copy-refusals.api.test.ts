import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fundedLeader } from '../../testing/funding.ts';
import { demoUser, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';

// Issue 36, item 7: copy trading's refusals say what they mean where they appear, with every
// figure filled in (no `{decimals}`, no "can be withdrawn" on a copy), in every language.
// EURUSD quotes 1.08500 / 1.08508; the leader is a real trader with 10 000 USD, the follower a
// demo user with 100 000 demo USD.
describe.each(DIALECTS)('copy trading refusals on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const auth = (token: string, lang = 'en') => ({ authorization: token, lang });

  /** A leader who opted in, and a demo follower. */
  async function parties() {
    const lead = await fundedLeader(t, 'leader@example.com');
    const follower = await demoUser(t, 'copy-refusals');
    return { lead, follower };
  }
  type Parties = Awaited<ReturnType<typeof parties>>;

  const start = ({ lead, follower }: Parties, amount: string, lang = 'en') =>
    t.call('POST', '/api/follow/copy', { id: lead.id, amount }, auth(follower.token, lang));

  /** A follower's running copy of a fresh leader, with `amount` USD in it. */
  async function copying(amount: string, people?: Parties) {
    const both = people ?? (await parties());
    const started = await start(both, amount);
    expect(started.code).toBe(1);
    const move = (amountText: string, lang = 'en') =>
      t.call(
        'POST',
        '/api/follow/add_funds',
        { copy_id: started.data.id, amount: amountText },
        auth(both.follower.token, lang),
      );
    return { ...both, move };
  }

  it.skipIf(skip)('an amount of 0 to add funds says how an amount is written', async () => {
    const { move } = await copying('500');
    for (const zero of ['0', '-0.000']) {
      const en = await move(zero);
      expect(en).toMatchObject({
        code: RESULT_CODES.COPY_AMOUNT_INVALID.code,
        msg: 'Enter an amount other than 0, with at most 6 decimals: a positive amount adds to the copy, a negative one takes back from it',
        data: null,
      });
      expect((await move(zero, 'de')).msg).toBe(
        'Bitte geben Sie einen Betrag ungleich 0 mit höchstens 6 Nachkommastellen ein: Ein positiver Betrag wird der Kopie hinzugefügt, ein negativer aus ihr zurückgeholt',
      );
    }
  });

  it.skipIf(skip)('a start with more decimals than µUSD names the decimals', async () => {
    const answer = await start(await parties(), '500.0000001', 'ar');
    expect(answer.code).toBe(RESULT_CODES.AMOUNT_INVALID.code);
    expect(answer.msg).toBe('يرجى إدخال مبلغ صالح: أكبر من 0، وبحد أقصى 6 منازل عشرية');
  });

  it.skipIf(skip)('money into a copy beyond the free balance names what can go in', async () => {
    const people = await parties();
    const refused = await start(people, '100000.5');
    expect([refused.code, refused.msg]).toEqual([
      RESULT_CODES.COPY_FUNDS_SHORT.code,
      'Not enough free balance: at most 100000 USD can go into this copy',
    ]);

    const { move } = await copying('500', people);
    const more = await move('99500.25');
    expect([more.code, more.msg]).toEqual([
      RESULT_CODES.COPY_FUNDS_SHORT.code,
      'Not enough free balance: at most 99500 USD can go into this copy',
    ]);
    expect((await move('99500.25', 'de')).msg).toBe(
      'Nicht genügend freies Guthaben: Höchstens 99500 USD können in diese Kopie fließen',
    );
  });

  it.skipIf(skip)('a take-back beyond the minimum kept names what can be taken', async () => {
    const { move } = await copying('500');
    const en = await move('-450');
    expect([en.code, en.msg]).toEqual([
      RESULT_CODES.COPY_TAKE_BACK_TOO_MUCH.code,
      'At most 400 USD can be taken back from this copy now: it keeps the margin of its open positions and at least 100 USD',
    ]);
    expect((await move('-450', 'de')).msg).toBe(
      'Derzeit können höchstens 400 USD aus dieser Kopie zurückgeholt werden: Sie behält die Margin ihrer offenen Positionen und mindestens 100 USD',
    );
    expect((await move('-400')).code).toBe(1);
  });

  it.skipIf(skip)(
    'a take-back beyond the free margin names the figure, and that figure can be taken',
    async () => {
      const { lead, move } = await copying('1000');
      // The leader buys 5 lots; the copy mirrors 0.5 lots, which hold about 542.54 USD of margin.
      const bought = await t.call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd, { cont: '5' }),
        auth(lead.token),
      );
      expect(bought.code).toBe(1);
      await t.copying!.mirror.wake();

      const en = await move('-900');
      expect(en.code).toBe(RESULT_CODES.COPY_TAKE_BACK_TOO_MUCH.code);
      const figure =
        /^At most (\d+(?:\.\d{1,6})?) USD can be taken back from this copy now: it keeps the margin of its open positions and at least 100 USD$/.exec(
          en.msg,
        )?.[1];
      expect(figure, en.msg).toBeDefined();
      // Less than what keeps 100 USD in the copy: the free margin is what binds.
      expect(Number(figure)).toBeGreaterThan(400);
      expect(Number(figure)).toBeLessThan(500);
      expect((await move('-900', 'de')).msg).toBe(
        `Derzeit können höchstens ${figure} USD aus dieser Kopie zurückgeholt werden: Sie behält die Margin ihrer offenen Positionen und mindestens 100 USD`,
      );
      // The figure is what the copy can really give: a µUSD more is refused, the figure is taken.
      const over = (BigInt(Math.round(Number(figure) * 1e6)) + 1n).toString().padStart(7, '0');
      const overText = `-${over.slice(0, -6)}.${over.slice(-6)}`;
      expect((await move(overText)).code).toBe(RESULT_CODES.COPY_TAKE_BACK_TOO_MUCH.code);
      expect((await move(`-${figure}`)).code).toBe(1);
    },
  );
});
