import type { Instrument, Order } from '@tradedesk/contract';

/**
 * EURUSD and orders on it as the API answers them: the web tests' fixtures of issue 40's
 * close, edit and trailing sheets. Quoted 1.08600 / 1.08608, 1:50, 0.05 % fee.
 */
export const EURUSD = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EURUSD',
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 50,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 50 }],
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Bid: 1.086,
  Ask: 1.08608,
} as Instrument;

/** EURUSD at another quote. */
export const eurusdAt = (bid: number, ask: number): Instrument => ({
  ...EURUSD,
  Bid: bid,
  Ask: ask,
});

/** A EURUSD buy of 0.10 lot filled at 1.08508, 1:50, marked at the bid 1.08600: 217.016 USD of margin, its fee paid. */
export const POSITION: Order = {
  Id: 51,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 0.1,
  Multiple: 50,
  OriginPrice: 1.08508,
  Price: 1.08508,
  UpdatePrice: 1.086,
  FactProfits: 9.2,
  CautionMoney: 217.016,
  TradeFee: 0.108508,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  ClosePrice: 0,
  CloseReason: null,
  CreateTimeHandler: '2026-11-03 15:00:00',
  CloseTimeHandler: null,
  TrailingDistance: 0,
  TrailingActivation: 0,
  StopMovedTimeHandler: null,
  ExpireTimeHandler: null,
  PartOf: null,
};

/** A Buy Limit of 0.01 lot at 1.08000 under the ask, its stop loss at 1.07500, good till cancelled. */
export const BUY_LIMIT: Order = {
  ...POSITION,
  Id: 61,
  Status: 0,
  Quantity: 0.01,
  OriginPrice: 1.08,
  Price: 0,
  UpdatePrice: 1.08608,
  FactProfits: 0,
  CautionMoney: 21.6108,
  TradeFee: 0.0108,
  TargetLossPrice: 1.075,
};
