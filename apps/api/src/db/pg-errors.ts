/** A statement refused by a unique index (PostgreSQL's 23505), however deep the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
