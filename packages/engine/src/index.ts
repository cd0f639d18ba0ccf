export * from './fees/fee.ts';
export * from './instruments/conversion.ts';
export * from './instruments/spec.ts';
export * from './margin/margin.ts';
export * from './money/decimal.ts';
export * from './money/micros.ts';
export * from './orders/validate-order.ts';
export * from './pnl/pnl.ts';
