/**
 * The trade page before its code or its quotes have arrived: the header, quote, periods and
 * chart boxes at their real sizes, so the first screen is laid out as it will stay.
 */
export function TradePageSkeleton() {
  return (
    <div className="trade-page" aria-busy="true" data-testid="trade-skeleton">
      <div className="trade-header">
        <span className="skeleton-line short" />
      </div>
      <div className="trade-quote skeleton">
        <span className="skeleton-line price" />
      </div>
      <div className="period-bar skeleton" />
      <div className="candle-chart" />
    </div>
  );
}
