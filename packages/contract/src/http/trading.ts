import { z } from 'zod';
import { CLOSE_REASONS } from '../constants.ts';
import {
  choiceField,
  decimalField,
  expiryField,
  INT32_MAX,
  idField,
  integerWithDefault,
  pageField,
} from './fields.ts';

/**
 * Orders on the wire (SPEC.md §3 Order, order submit payload, order history response).
 * Field names are the client's, verbatim; amounts and prices are numbers produced from the
 * exact integers the server keeps.
 */

/** A price that may be left at 0 (no stop loss, no take profit). */
const optionalPrice = () =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), decimalField());

/** A price that, left out, leaves what the order has (0 clears it). */
const priceIfSent = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    decimalField().optional(),
  );

export const submitOrderRequestSchema = z.object({
  type: choiceField([1, 2]),
  /** Lots. */
  cont: decimalField(),
  forex_id: idField(),
  /** 1 at market, 0 pending at target_price. */
  status: choiceField([0, 1]),
  target_price: optionalPrice(),
  stop_loss_price: optionalPrice(),
  target_profit_price: optionalPrice(),
  /** Leverage; 0 or absent on fixed-margin instruments, which have none. */
  multiple: integerWithDefault({ min: 0, max: INT32_MAX }, 0),
  /** A trailing stop from the start: its distance in price units (0 or absent: none). */
  trailing_distance: optionalPrice(),
  /** The closing price from which the trailing stop starts to follow (0 or absent: at once). */
  trailing_activation: optionalPrice(),
  /** A pending order's expiry (absent: good till cancelled). */
  expire_at: expiryField().optional(),
});
export type SubmitOrderRequest = z.input<typeof submitOrderRequestSchema>;

export const orderSchema = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ForexTradeLists: z.object({
    ShowCode: z.string(),
    Code: z.string(),
    PricePrecision: z.number().int(),
  }),
  /** 1 buy, 2 sell. */
  OrderType: z.union([z.literal(1), z.literal(2)]),
  /** 0 pending, 1 holding, 3 history. */
  Status: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  /** Lots. */
  Quantity: z.number(),
  /** Leverage; 0 on fixed-margin instruments. */
  Multiple: z.number().int(),
  /** The price shown when the order was placed (the target of a pending order). */
  OriginPrice: z.number(),
  /** The fill price; 0 while pending. */
  Price: z.number(),
  /** The current price for holding and pending orders (the close price in history). */
  UpdatePrice: z.number(),
  /** Realized (history) or floating (holding) profit, fee not included; 0 while pending. */
  FactProfits: z.number(),
  /** Margin in use, or reserved while pending. */
  CautionMoney: z.number(),
  TradeFee: z.number(),
  /** Stop loss; 0 when none. */
  TargetLossPrice: z.number(),
  /** Take profit; 0 when none. */
  TargetProfitPrice: z.number(),
  ClosePrice: z.number(),
  CloseReason: z.enum(CLOSE_REASONS).nullable(),
  /** "YYYY-MM-DD HH:mm:ss" UTC. */
  CreateTimeHandler: z.string(),
  CloseTimeHandler: z.string().nullable(),
  /** The trailing stop's distance in price units; 0 when none. */
  TrailingDistance: z.number(),
  /** The closing price from which it follows; 0 when at once. */
  TrailingActivation: z.number(),
  /** When the stop loss last moved (by the trader or the trailing stop); null if never. */
  StopMovedTimeHandler: z.string().nullable(),
  /** When a pending order expires; null: good till cancelled. */
  ExpireTimeHandler: z.string().nullable(),
  /** Of a partial close in history: the position it was taken from (which goes on); else null. */
  PartOf: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const myDealRequestSchema = z.object({
  status: choiceField([0, 1, 3]),
  page: pageField(),
  /**
   * 1: of history, only what closed by itself (AUTO_CLOSE_REASONS: take profit, stop loss,
   * stop-out), the trader's notices. 0 or absent: every order of the status.
   */
  auto_closed: integerWithDefault({ min: 0, max: 1 }, 0).optional(),
});

export const myDealSchema = z.object({
  data: z.array(orderSchema),
  total: z.number().int(),
  /** Σ FactProfits over every order of the status, not only this page. */
  all_fact_profits: z.number(),
  balance: z.number(),
});
export type MyDeal = z.infer<typeof myDealSchema>;

export const orderIdRequestSchema = z.object({ id: idField() });

export const setStopPriceRequestSchema = z.object({
  id: idField(),
  target_profit_price: optionalPrice(),
  stop_loss_price: optionalPrice(),
});

export const modifyPendingRequestSchema = z.object({
  id: idField(),
  /** The new price the order waits for (same type and side; cancel and place anew for those). */
  price: decimalField(),
  /** Left out: unchanged; 0: none. */
  stop_loss: priceIfSent(),
  take_profit: priceIfSent(),
  /** Left out: unchanged. */
  expire_at: expiryField().optional(),
});

export const closePartRequestSchema = z.object({
  id: idField(),
  /** The lots to close, less than the position's and on its lot step. */
  lots: decimalField(),
});

export const setTrailingRequestSchema = z.object({
  id: idField(),
  /** How far behind the closing price the stop follows, in price units; 0 removes it. */
  distance: decimalField(),
  /** The closing price from which it starts to follow (0 or absent: at once). */
  activation_price: optionalPrice(),
});
