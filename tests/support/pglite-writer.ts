/**
 * Child process for the durability test: commits rows to a PGlite directory,
 * says so on stdout, then waits to be killed with SIGKILL.
 */
import { openPglite } from "~/db/client.server";
import { sql } from "drizzle-orm";

const [dataDir, rows] = process.argv.slice(2);
const handle = openPglite({ dataDir });
await handle.db.execute(sql`create table if not exists durability (id int primary key, note text not null)`);
for (let id = 1; id <= Number(rows); id++) {
  await handle.db.execute(sql`insert into durability values (${id}, ${`row ${id}`})`);
}
process.stdout.write("committed\n");
setInterval(() => {}, 1_000);
