import { type Order, ROUTES } from '@tradedesk/contract';
import sharp from 'sharp';
import { ownerToken } from './back-office.ts';
import type { RunningPlatform } from './platform.ts';
import { postJson } from './traders.ts';

/** A GET of the platform's API with a session, as a script would make it. */
export async function getJson<T>(
  platform: RunningPlatform,
  apiPath: string,
  token: string,
): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${apiPath}`, {
    headers: { authorization: token, lang: 'en' },
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${apiPath} refused: ${answer.msg}`);
  return answer.data;
}

interface Credentials {
  email: string;
  password: string;
}

/**
 * A copy-trading leader: a real trader (demo accounts cannot be copied), registered by e-mail,
 * funded by a 5 000 USD deposit that a finance operator (`finance`, created here) approves,
 * with one closed position so that the ranking has figures for it. Trades through the API
 * with its own session, as its own phone would. Not listed nor copyable until it opts in
 * (issue 36): `consent` does that as a script, the consent page as a person.
 */
export async function createLeader(
  platform: RunningPlatform,
  leader: Credentials,
  finance: Credentials,
) {
  await postJson(platform, '/api/notify/send_email', { to: leader.email, type: 1 });
  const registered = await postJson(platform, '/api/user/register', {
    type: 'email',
    account: leader.email,
    password: leader.password,
    re_password: leader.password,
    sms_code: platform.lastCode(leader.email),
  });
  if (registered.code !== 1) throw new Error(`register refused: ${registered.msg}`);
  const session = await postJson(platform, ROUTES.login.path, {
    account: leader.email,
    password: leader.password,
  });
  const token: string = session.data.token;
  const { id } = await getJson<{ id: number }>(platform, ROUTES.userInfo.path, token);

  // A USDT deposit with a real proof image, approved by a finance operator.
  const proof = await sharp({
    create: { width: 480, height: 720, channels: 3, background: '#cfe3d6' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'proof.png');
  const upload = await (
    await fetch(`${platform.baseUrl}${ROUTES.imageUpload.path}`, {
      method: 'POST',
      headers: { authorization: token, lang: 'en' },
      body: form,
    })
  ).json();
  const [network] = await getJson<{ id: number; address: string }[]>(
    platform,
    ROUTES.depositNetworks.path,
    token,
  );
  if (!network) throw new Error('no deposit network');
  const deposit = await postJson(
    platform,
    ROUTES.chargeSubmit.path,
    { number: '5000', proofImg: upload.data.url, address: network.address, charge_id: network.id },
    token,
  );
  if (deposit.code !== 1) throw new Error(`deposit refused: ${deposit.msg}`);
  const owner = await ownerToken(platform.baseUrl, platform.dataDir);
  await postJson(platform, '/admin/api/operators', { ...finance, role: 'finance' }, owner);
  const financeSession = await postJson(platform, '/admin/api/login', {
    account: finance.email,
    password: finance.password,
  });
  const approved = await postJson(
    platform,
    `/admin/api/deposits/${deposit.data.id}/approve`,
    {},
    financeSession.data.token,
  );
  if (approved.code !== 1) throw new Error(`approval refused: ${approved.msg}`);

  const instruments = await getJson<{ Id: number; Code: string }[]>(
    platform,
    ROUTES.tradeList.path,
    token,
  );
  const eurusd = instruments.find((i) => i.Code === 'EURUSD');
  if (!eurusd) throw new Error('no EURUSD');

  const created = {
    id,
    token,
    /** Buys `lots` EURUSD at market; answers the filled order. */
    async buy(lots: string): Promise<Order> {
      const placed = await postJson(
        platform,
        ROUTES.submitOrder.path,
        {
          type: 1,
          cont: lots,
          forex_id: eurusd.Id,
          status: 1,
          multiple: 100,
          target_price: 0,
          stop_loss_price: 0,
          target_profit_price: 0,
        },
        token,
      );
      if (placed.code !== 1) throw new Error(`order refused: ${placed.msg}`);
      const holding = await getJson<{ data: Order[] }>(
        platform,
        `${ROUTES.myDeal.path}?status=1`,
        token,
      );
      const order = holding.data.find((o) => o.Id === placed.data.Id) ?? holding.data[0];
      if (!order) throw new Error('the order is not holding');
      return order;
    },
    async close(order: Order): Promise<void> {
      const closed = await postJson(platform, ROUTES.closeOrder.path, { id: order.Id }, token);
      if (closed.code !== 1) throw new Error(`close refused: ${closed.msg}`);
    },
    /** Opts in or out of the ranking and of new copies (POST /api/follow/settings). */
    async consent(choice: { listed: 0 | 1; copyable: 0 | 1 }): Promise<void> {
      const answer = await postJson(platform, ROUTES.setFollowSettings.path, choice, token);
      if (answer.code !== 1) throw new Error(`consent refused: ${answer.msg}`);
    },
  };
  // One closed position: the ranking has figures for traders with at least one.
  await created.close(await created.buy('0.01'));
  return created;
}

export type Leader = Awaited<ReturnType<typeof createLeader>>;
