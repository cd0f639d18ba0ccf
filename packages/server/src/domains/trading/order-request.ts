import { createHash } from 'node:crypto';
import type {
  ExpiryRequest,
  setStopPriceRequestSchema,
  submitOrderRequestSchema,
} from '@tradedesk/contract';
import {
  type Lots,
  NO_PRICE,
  type PricePoints,
  parseLots,
  parsePricePoints,
  type Side,
} from '@tradedesk/engine';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import type { QuoteReader } from '../market/index.ts';
import { submitKind } from './order-lifecycle.ts';
import type { TrailingRequest } from './set-trailing.ts';

type SubmitParams = z.output<typeof submitOrderRequestSchema>;

/** Stripe's idempotency: the client's key and a hash of the parameters it came with. */
export interface Idempotency {
  key: string;
  hash: string;
}

export interface OrderRequest {
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
  /** A trailing stop from the start (a pending order's from its fill). */
  trailing?: TrailingRequest;
  /** A pending order's expiry; absent: good till cancelled. */
  expiry?: ExpiryRequest;
}

/** A price in the instrument's points; more decimals than it quotes is a bad request. */
export function pricePoints(text: string, precision: number, field: string): PricePoints {
  try {
    return parsePricePoints(text, precision);
  } catch {
    throw new AppError('BAD_REQUEST', { field });
  }
}

/** Lots from their decimal text; finer than any lot step we offer is off the step. */
export function lotsOf(text: string): Lots {
  try {
    return parseLots(text);
  } catch {
    throw new AppError('LOTS_OFF_STEP');
  }
}

/** The submit payload as the engine takes it, every figure exact. */
export function toOrderRequest(
  params: SubmitParams,
  market: Pick<QuoteReader, 'instrument'>,
): OrderRequest & { target: PricePoints } {
  const instrument = market.instrument(params.forex_id);
  const lots = lotsOf(params.cont);
  const price = (text: string, field: string) => pricePoints(text, instrument.precision, field);
  return {
    instrumentId: instrument.id,
    side: params.type === 1 ? 'buy' : 'sell',
    lots,
    leverage: params.multiple,
    takeProfit: price(params.target_profit_price, 'target_profit_price'),
    stopLoss: price(params.stop_loss_price, 'stop_loss_price'),
    target: price(params.target_price, 'target_price'),
    trailing: {
      distance: price(params.trailing_distance, 'trailing_distance'),
      activation: price(params.trailing_activation, 'trailing_activation'),
    },
    expiry: params.expire_at ?? 'gtc',
  };
}

export function stopsOf(
  params: z.output<typeof setStopPriceRequestSchema>,
  precision: number,
): { takeProfit: PricePoints; stopLoss: PricePoints } {
  return {
    takeProfit: pricePoints(params.target_profit_price, precision, 'target_profit_price'),
    stopLoss: pricePoints(params.stop_loss_price, precision, 'stop_loss_price'),
  };
}

/**
 * What makes two submits "the same" for an Idempotency-Key: the parsed, exact request (so
 * "0.10" and 0.1 are one request), hashed.
 */
export function requestHash(request: OrderRequest & { target: PricePoints }, status: 0 | 1) {
  const canonical = [
    status,
    request.instrumentId,
    request.side,
    request.lots,
    request.leverage,
    request.takeProfit,
    request.stopLoss,
    submitKind(status) === 'pending' ? request.target : NO_PRICE,
    request.trailing?.distance ?? NO_PRICE,
    request.trailing?.activation ?? NO_PRICE,
    submitKind(status) === 'pending' ? (request.expiry ?? 'gtc') : 'gtc',
  ].join('|');
  return createHash('sha256').update(canonical).digest('hex');
}
