/** Kenya's zone, for PostgreSQL: a Kenyan calendar day runs from its midnight there (UTC+3 all year). */
const KENYA_ZONE = 'Africa/Nairobi';

/**
 * A list's WHERE clause, built condition by condition: `param` numbers a value ($1, $2, …), `add` takes a
 * condition, `kenyanDays` a From and a To of Kenyan calendar days (both included) on a timestamp column.
 */
export function sqlConditions() {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const add = (condition: string) => void conditions.push(condition);
  return {
    param,
    add,
    params,
    kenyanDays(column: string, { from, to }: { from?: string; to?: string }) {
      if (from) add(`${column} >= (${param(from)}::date::timestamp AT TIME ZONE '${KENYA_ZONE}')`);
      if (to) add(`${column} < ((${param(to)}::date + 1)::timestamp AT TIME ZONE '${KENYA_ZONE}')`);
    },
    where: () => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''),
  };
}
