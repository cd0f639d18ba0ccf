/** Times on the wire (SPEC.md's *TimeHandler, CreatedAtTran): "YYYY-MM-DD HH:mm:ss" in UTC. */
export function wireTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
