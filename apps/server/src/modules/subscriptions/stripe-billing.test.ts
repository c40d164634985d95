import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@atrium/contracts/plans';
import { callAs, createProject } from '../../../test/fixtures';
import {
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/test-server';

const WEBHOOK_SECRET = 'whsec_atrium_test_secret';
const SECRET_KEY = 'sk_test_atrium';

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  auth: string | undefined;
}

/**
 * A stand-in for Stripe's API on loopback, answering the calls the provider makes as
 * Stripe's API reference documents them (form-encoded requests, JSON objects back).
 */
function stripeStandIn() {
  const seen: Seen[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c: Buffer) => (s += c.toString()));
      req.on('end', () => resolve(s));
    });
  const server: Server = createServer((req, res) => {
    void body(req).then((text) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      seen.push({
        method: req.method ?? '',
        path,
        form: new URLSearchParams(text),
        auth: req.headers.authorization,
      });
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/customers')
        return send(200, { id: 'cus_atrium1', object: 'customer', livemode: false });
      if (req.method === 'POST' && path === '/v1/checkout/sessions')
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          mode: 'subscription',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        });
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
        return send(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.com/p/session/test_1',
        });
      const cancel = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (req.method === 'DELETE' && cancel)
        return send(200, { id: cancel[1], object: 'subscription', status: 'canceled' });
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  return {
    seen,
    server,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const stand = stripeStandIn();
const signer = new Stripe(SECRET_KEY);
let t: TestServer;
let sup: TestUser;
let project: { id: string };
let call: ReturnType<typeof callAs>;

beforeAll(async () => {
  const url = await stand.start();
  t = await startTestServer({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: 'price_starter',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_API_URL: url,
  });
  call = callAs(t.app);
  sup = await createUser(t.app, 'supervisor');
  project = await createProject(t.app, sup.team);
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

let eventNo = 0;
const event = (type: string, object: object, id = `evt_${++eventNo}_${Date.now()}`) => ({
  id,
  object: 'event',
  api_version: '2026-10-28',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  type,
  data: { object },
});

/** Posts an event to the webhook, signed with `secret` by the SDK's own test helper. */
const deliver = (e: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(e);
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const stripeSub = (status: string) => ({
  id: 'sub_atrium1',
  object: 'subscription',
  customer: 'cus_atrium1',
  status,
  metadata: { team: sup.team, plan: 'pro', projectId: project.id },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        price: { id: 'price_pro', object: 'price' },
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    ],
  },
});

const addressMax = async () =>
  (await call(sup, 'GET', `/api/project/monitored/count/${project.id}`)).json<{ max: number }>()
    .max;
const statusOfSub = async () => {
  const list = (await call(sup, 'GET', '/api/subscriptions')).json<{
    subscriptions: { _id: string; status: string; provider: string }[];
  }>().subscriptions;
  return list.find((s) => s.provider === 'stripe');
};

describe('Stripe billing (SDK against a local stand-in, signed webhooks)', () => {
  it('opens Checkout for a new subscription and the Customer Portal', async () => {
    const res = await call(sup, 'POST', '/api/subscriptions', {
      subscriptions: [{ plan: 'pro', projectId: project.id }],
    });
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const customer = stand.seen.find((s) => s.path === '/v1/customers');
    expect(customer?.auth).toBe(`Bearer ${SECRET_KEY}`);
    expect(customer?.form.get('metadata[team]')).toBe(sup.team);
    const checkout = stand.seen.find((s) => s.path === '/v1/checkout/sessions');
    expect(checkout?.form.get('mode')).toBe('subscription');
    expect(checkout?.form.get('customer')).toBe('cus_atrium1');
    expect(checkout?.form.get('line_items[0][price]')).toBe('price_pro');
    expect(checkout?.form.get('subscription_data[metadata][projectId]')).toBe(project.id);

    const portal = await call(sup, 'GET', '/api/subscriptions/portal');
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    const session = stand.seen.find((s) => s.path === '/v1/billing_portal/sessions');
    expect(session?.form.get('customer')).toBe('cus_atrium1');
  });

  it('refuses a webhook with a bad signature, and it changes nothing', async () => {
    const bad = await deliver(
      event('customer.subscription.created', stripeSub('active')),
      'whsec_wrong',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'billingSignature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('customer.subscription.created', stripeSub('active'))),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOfSub()).toBeUndefined();
    expect(await addressMax()).toBe(PLANS.free.addresses);
  });

  it('follows the webhooks: created → active and Pro limits; payment failed → past_due; a replay changes nothing twice', async () => {
    const created = await deliver(event('customer.subscription.created', stripeSub('active')));
    expect(created.json()).toEqual({ received: true, replay: false });
    expect(await statusOfSub()).toMatchObject({ status: 'active', plan: { name: 'pro' } });
    expect(await addressMax()).toBe(PLANS.pro.addresses);

    const failed = event('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_atrium1',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_atrium1' },
      },
    });
    expect((await deliver(failed)).json()).toEqual({ received: true, replay: false });
    expect(await statusOfSub()).toMatchObject({ status: 'past_due' });

    // Paid again, then the failed-payment event is replayed: it is acknowledged, nothing moves.
    await deliver(event('customer.subscription.updated', stripeSub('active')));
    expect(await statusOfSub()).toMatchObject({ status: 'active' });
    expect((await deliver(failed)).json()).toEqual({ received: true, replay: true });
    expect(await statusOfSub()).toMatchObject({ status: 'active' });
    const rows = await t.app.db
      .selectFrom('subscriptions')
      .select('id')
      .where('external_id', '=', 'sub_atrium1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('unsubscribes through Stripe; the deletion webhook keeps it cancelled and the project free', async () => {
    const sub = await statusOfSub();
    const res = await call(sup, 'GET', `/api/subscriptions/unsubscribe/${sub!._id}`);
    expect(res.json()).toMatchObject({ subscription: { status: 'cancelled' } });
    expect(
      stand.seen.some((s) => s.method === 'DELETE' && s.path === '/v1/subscriptions/sub_atrium1'),
    ).toBe(true);
    expect(await addressMax()).toBe(PLANS.free.addresses);
    await deliver(event('customer.subscription.deleted', stripeSub('canceled')));
    expect(await statusOfSub()).toMatchObject({ status: 'cancelled' });
    expect(await addressMax()).toBe(PLANS.free.addresses);
  });
});
