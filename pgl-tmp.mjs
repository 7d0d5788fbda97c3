const t0=performance.now();
const { PGlite } = await import("@electric-sql/pglite");
const t1=performance.now();
const fs = await import("node:fs");
const snap = new File([fs.readFileSync(".cache/test-db-snapshot.tar")], "s.tar");
const db = await PGlite.create({ loadDataDir: snap });
const t2=performance.now();
await db.query("select 1");
console.log("import", (t1-t0).toFixed(0), "open", (t2-t1).toFixed(0), "cpu", (process.cpuUsage().user/1000).toFixed(0));
