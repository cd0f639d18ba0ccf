import type { AuditRow } from '@tradedesk/contract/admin';
import { prettyJson } from '../../../lib/format.ts';

/** The target of an audited change before and after it, as indented JSON. */
export function AuditChange({ row }: { row: AuditRow }) {
  return (
    <div className="audit-change">
      <div>
        <h4>Before</h4>
        <pre className="json-block">{prettyJson(row.before)}</pre>
      </div>
      <div>
        <h4>After</h4>
        <pre className="json-block">{prettyJson(row.after)}</pre>
      </div>
    </div>
  );
}
