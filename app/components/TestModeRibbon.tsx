/**
 * Shown on every page while the built-in test checkout takes the payments, so
 * nobody mistakes a staging site for the real shop. Fixed in a corner, out of
 * the layout (no shift) and click-through (it never hides a control).
 */
export function TestModeRibbon() {
  return (
    <div
      data-testid="test-mode-ribbon"
      className="pointer-events-none fixed bottom-3 left-3 z-[90] flex items-center gap-2 rounded-full border border-amber-300/70 bg-amber-400/95 px-3 py-1.5 text-xs font-semibold text-amber-950 shadow-lg shadow-amber-950/20 backdrop-blur print:hidden"
    >
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-amber-950/80" />
      <span className="tracking-wide uppercase">Test mode</span>
      <span aria-hidden="true" className="text-amber-900/70">
        ·
      </span>
      <span className="font-medium">no real payments</span>
    </div>
  );
}
