import { sql, type SQL } from 'drizzle-orm'

/**
 * A value sent as ONE jsonb parameter: lists and row sets of any size, under both drivers.
 *
 * A list is matched with `column = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(list)})))`,
 * never `column IN (SELECT jsonb_array_elements_text(…))`: the planner takes the latter for a
 * semi-join over a guessed 100 rows and may hash the whole table on every call (a feed switch
 * deleting the affected rows of 250 records read all 600,000 of them, 800 times over), while an
 * array lets it use the column's index.
 */
export const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`
