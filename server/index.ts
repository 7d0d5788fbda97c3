import "./module-hooks.ts";

// Loaded after the hooks are registered: a static import is resolved before any module runs.
const { main } = await import("./main.server.ts");

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
