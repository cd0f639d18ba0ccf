// @vitest-environment jsdom

import { cleanup, screen } from '@testing-library/react';
import { ORDER_STATUSES, ORDER_TYPES, type Order } from '@tradedesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../../testing/render-as-operator.tsx';
import { OrdersTable } from './orders-table.tsx';

afterEach(cleanup);

function order(id: number, status: number): Order {
  return {
    Id: id,
    OrderType: ORDER_TYPES.buy,
    Status: status,
    Quantity: 0.1,
    Multiple: 100,
    Price: 1.085,
    FactProfits: 1.5,
    CautionMoney: 108.5,
    CreateTimeHandler: '2026-11-03 15:00',
    ForexTradeLists: { ShowCode: 'EURUSD', PricePrecision: 5 },
  } as unknown as Order;
}

describe('the user page’s orders table', () => {
  it('names an open position and a pending order as a desk does', () => {
    renderAsOperator(
      <OrdersTable orders={[order(1, ORDER_STATUSES.holding), order(2, ORDER_STATUSES.pending)]} />,
      { role: 'support' },
    );
    expect(screen.getByText('Open position')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.queryByText('Holding')).toBeNull();
  });
});
