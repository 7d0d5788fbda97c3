/**
 * V8 flags every server process starts with. By default V8 sizes the heap from
 * the machine's memory, and the garbage of start-up (module loading) then keeps
 * ~150 MB of heap resident in a process whose live JavaScript objects take
 * ~50 MB. 4 MB semi-spaces and a 256 MB old generation keep the server near
 * its working set with the same requests per second (measured on PostgreSQL,
 * after start / peak under load: 361 / 374 MB by default, 141 / 178 MB with
 * these flags). 256 MB is five times what the site holds at its busiest;
 * uploads, backups and the page cache's copies live outside this heap.
 *
 * --liftoff-only keeps the embedded database's WebAssembly (PGlite's
 * PostgreSQL) on V8's baseline compiler. Its optimising compiler took about
 * 500 MB for a moment a second after every start (resident peak 900 MB on a
 * server that settles at 390 MB) and kept 60 MB more afterwards; without it
 * the peak is the settled figure, 330 MB. It costs the embedded database at
 * most a sixth of its bookings per second (148 → 125 in `npm run
 * bench:bookings`, where PostgreSQL, untouched by the flag, varied as much),
 * far above what one instructor's bookings need. PostgreSQL runs no
 * WebAssembly and is unaffected.
 * `npm start` in package.json passes the same flags (npm scripts cannot import
 * this list); the benchmark, the process tests and the end-to-end server use
 * it. `npm run dev` runs Vite in the same process and keeps V8's defaults.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=256", "--liftoff-only"];

/**
 * The maintenance scripts (`npm run backup`, `restore`, `admin:two-factor-off`)
 * load the database's modules statically, so they take the module hooks
 * (server/module-hooks.ts) as a preload; package.json passes the same flag.
 */
export const SCRIPT_NODE_FLAGS = ["--import", "./server/module-hooks.ts"];
