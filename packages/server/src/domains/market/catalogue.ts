/**
 * The seeded instrument catalogue: realistic late-2026 prices, contract sizes and sessions.
 * Decimal figures are strings so that nothing here passes through binary floating point.
 */
export type Schedule = 'forex' | 'metals' | 'us' | 'crypto';

export interface CatalogueInstrument {
  code: string;
  name: string;
  categoryId: number;
  /** Digits after the decimal point of a price. */
  precision: number;
  /** Where the simulator starts and what it reverts towards. */
  price: string;
  /** Spread in points (units of the last price digit). */
  spreadPoints: number;
  /** Annualized volatility, a fraction. */
  volatility: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  /** Units per lot (ForexContNum); with MarginMode 1 also the margin per lot in USD. */
  contractSize: string;
  feeRate: string;
  marginMode: 0 | 1;
  leverage: readonly number[];
  quoteCurrency: string;
  schedule: Schedule;
}

export const CATEGORIES = [
  { id: 1, key: 'category.forex' },
  { id: 2, key: 'category.metals' },
  { id: 3, key: 'category.energies' },
  { id: 4, key: 'category.indices' },
  { id: 5, key: 'category.crypto' },
  { id: 6, key: 'category.stocks' },
] as const;

const FX_LEVERAGE = [50, 100, 200, 500] as const;
const fx = (
  code: string,
  name: string,
  price: string,
  spreadPoints: number,
  quoteCurrency: string,
  volatility = '0.08',
) =>
  ({
    code,
    name,
    categoryId: 1,
    precision: price.split('.')[1]?.length ?? 0,
    price,
    spreadPoints,
    volatility,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '100000',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: FX_LEVERAGE,
    quoteCurrency,
    schedule: 'forex',
  }) as const satisfies CatalogueInstrument;

const stock = (code: string, name: string, price: string, volatility: string) =>
  ({
    code,
    name,
    categoryId: 6,
    precision: 2,
    price,
    spreadPoints: 4,
    volatility,
    lotStep: '1',
    minLots: '1',
    maxLots: '1000',
    contractSize: '1',
    feeRate: '0.001',
    marginMode: 0,
    leverage: [2, 5, 10],
    quoteCurrency: 'USD',
    schedule: 'us',
  }) as const satisfies CatalogueInstrument;

const crypto = (
  code: string,
  name: string,
  price: string,
  spreadPoints: number,
  volatility: string,
  maxLots: string,
) =>
  ({
    code,
    name,
    categoryId: 5,
    precision: price.split('.')[1]?.length ?? 0,
    price,
    spreadPoints,
    volatility,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots,
    contractSize: '1',
    feeRate: '0.001',
    marginMode: 0,
    leverage: [2, 5, 10, 20],
    quoteCurrency: 'USD',
    schedule: 'crypto',
  }) as const satisfies CatalogueInstrument;

export const CATALOGUE: readonly CatalogueInstrument[] = [
  fx('EURUSD', 'Euro / US Dollar', '1.08500', 8, 'USD', '0.07'),
  fx('GBPUSD', 'British Pound / US Dollar', '1.27000', 10, 'USD'),
  fx('USDJPY', 'US Dollar / Japanese Yen', '151.500', 10, 'JPY', '0.09'),
  fx('AUDUSD', 'Australian Dollar / US Dollar', '0.65800', 10, 'USD', '0.09'),
  fx('USDCHF', 'US Dollar / Swiss Franc', '0.88500', 12, 'CHF'),
  fx('USDCAD', 'US Dollar / Canadian Dollar', '1.36500', 12, 'CAD', '0.06'),
  fx('NZDUSD', 'New Zealand Dollar / US Dollar', '0.60500', 14, 'USD', '0.09'),
  fx('EURGBP', 'Euro / British Pound', '0.85400', 12, 'GBP', '0.05'),
  fx('EURJPY', 'Euro / Japanese Yen', '164.300', 15, 'JPY', '0.09'),
  fx('GBPJPY', 'British Pound / Japanese Yen', '192.400', 20, 'JPY', '0.11'),
  fx('EURCHF', 'Euro / Swiss Franc', '0.96000', 15, 'CHF', '0.06'),
  fx('AUDJPY', 'Australian Dollar / Japanese Yen', '99.700', 18, 'JPY', '0.12'),
  {
    code: 'XAUUSD',
    name: 'Gold / US Dollar',
    categoryId: 2,
    precision: 2,
    price: '2650.00',
    spreadPoints: 30,
    volatility: '0.15',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    contractSize: '100',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [20, 50, 100],
    quoteCurrency: 'USD',
    schedule: 'metals',
  },
  {
    code: 'XAGUSD',
    name: 'Silver / US Dollar',
    categoryId: 2,
    precision: 3,
    price: '31.000',
    spreadPoints: 30,
    volatility: '0.25',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '20',
    contractSize: '5000',
    feeRate: '0.0005',
    marginMode: 1,
    leverage: [],
    quoteCurrency: 'USD',
    schedule: 'metals',
  },
  {
    code: 'USOIL',
    name: 'WTI Crude Oil',
    categoryId: 3,
    precision: 2,
    price: '71.50',
    spreadPoints: 4,
    volatility: '0.30',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '1000',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [10, 20, 50],
    quoteCurrency: 'USD',
    schedule: 'metals',
  },
  {
    code: 'UKOIL',
    name: 'Brent Crude Oil',
    categoryId: 3,
    precision: 2,
    price: '75.20',
    spreadPoints: 5,
    volatility: '0.28',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '1000',
    feeRate: '0.0005',
    marginMode: 1,
    leverage: [],
    quoteCurrency: 'USD',
    schedule: 'metals',
  },
  {
    code: 'NGAS',
    name: 'Natural Gas',
    categoryId: 3,
    precision: 3,
    price: '3.150',
    spreadPoints: 6,
    volatility: '0.55',
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '10000',
    feeRate: '0.0005',
    marginMode: 1,
    leverage: [],
    quoteCurrency: 'USD',
    schedule: 'metals',
  },
  {
    code: 'US30',
    name: 'Dow Jones 30',
    categoryId: 4,
    precision: 1,
    price: '44000.0',
    spreadPoints: 20,
    volatility: '0.14',
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    contractSize: '1',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [10, 20, 50, 100],
    quoteCurrency: 'USD',
    schedule: 'us',
  },
  {
    code: 'US500',
    name: 'S&P 500',
    categoryId: 4,
    precision: 1,
    price: '5950.0',
    spreadPoints: 5,
    volatility: '0.15',
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    contractSize: '1',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [10, 20, 50, 100],
    quoteCurrency: 'USD',
    schedule: 'us',
  },
  {
    code: 'NAS100',
    name: 'Nasdaq 100',
    categoryId: 4,
    precision: 1,
    price: '20800.0',
    spreadPoints: 15,
    volatility: '0.20',
    lotStep: '0.1',
    minLots: '0.1',
    maxLots: '100',
    contractSize: '1',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [10, 20, 50, 100],
    quoteCurrency: 'USD',
    schedule: 'us',
  },
  crypto('BTCUSD', 'Bitcoin / US Dollar', '97000.00', 2500, '0.55', '10'),
  crypto('ETHUSD', 'Ethereum / US Dollar', '3400.00', 150, '0.65', '50'),
  crypto('SOLUSD', 'Solana / US Dollar', '240.00', 15, '0.85', '500'),
  crypto('XRPUSD', 'XRP / US Dollar', '1.4000', 20, '0.90', '50000'),
  crypto('LTCUSD', 'Litecoin / US Dollar', '100.00', 10, '0.75', '500'),
  crypto('DOGEUSD', 'Dogecoin / US Dollar', '0.40000', 40, '1.00', '100000'),
  stock('AAPL', 'Apple', '229.00', '0.25'),
  stock('MSFT', 'Microsoft', '415.00', '0.24'),
  stock('NVDA', 'NVIDIA', '145.00', '0.50'),
  stock('TSLA', 'Tesla', '340.00', '0.60'),
  stock('AMZN', 'Amazon', '200.00', '0.32'),
  stock('GOOGL', 'Alphabet', '170.00', '0.30'),
  stock('META', 'Meta Platforms', '560.00', '0.38'),
];
