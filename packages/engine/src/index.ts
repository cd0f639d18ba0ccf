export * from './money/decimal.ts';
export * from './money/micros.ts';
