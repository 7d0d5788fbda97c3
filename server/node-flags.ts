/**
 * V8 flags every server process starts with. By default V8 sizes the young
 * generation from the machine's memory, and the garbage of start-up (module
 * loading) then keeps ~150 MB of heap resident in a process that needs ~50 MB;
 * 4 MB semi-spaces keep the server near its working set (measured: 361 MB ->
 * 211 MB after start on PostgreSQL) with the same requests per second.
 * `npm start` and `npm run dev` in package.json pass the same flags (npm
 * scripts cannot import this list); the benchmark and the process tests use it.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];
