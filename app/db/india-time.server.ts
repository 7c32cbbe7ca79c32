import { sql, type AnyColumn, type SQL } from "drizzle-orm";

import { INDIA_TIME_ZONE } from "~/lib/india-time";

/**
 * A timestamp column's date in India ('YYYY-MM-DD'), as SQL. The zone is written into the text,
 * not passed as a parameter, so the same expression in a SELECT and its GROUP BY reads the same.
 */
export function indianDaySql(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
}
