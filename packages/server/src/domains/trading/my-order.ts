import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import type { OrderRecord } from './order-record.ts';
import type { OrdersRepository } from './orders.repository.ts';

/** My order, or ORDER_NOT_FOUND (also for someone else's). */
export async function findMine(
  orders: Pick<OrdersRepository, 'find'>,
  user: UserRecord,
  orderId: number,
): Promise<OrderRecord> {
  const order = await orders.find(orderId);
  if (!order || order.userId !== user.id) throw new AppError('ORDER_NOT_FOUND');
  return order;
}
