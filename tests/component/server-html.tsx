/**
 * A component as a public page first shows it: the server's HTML, which only
 * the browser answers until the page's scripts hydrate it
 * (server/cache/defer-hydration.server.ts). `hydrate()` then lets React take
 * over the same elements, as the deferred scripts do.
 */
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { onTestFinished } from "vitest";
import { type Locator, page } from "vitest/browser";

export interface ServerHtml {
  container: HTMLElement;
  screen: Locator;
  hydrate(): Promise<void>;
}

export function serverHtml(ui: React.ReactElement): ServerHtml {
  const container = document.createElement("div");
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  let root: Root | undefined;
  const recoverable: unknown[] = [];
  onTestFinished(() => {
    root?.unmount();
    container.remove();
  });
  return {
    container,
    screen: page.elementLocator(container),
    async hydrate() {
      // As the library's render does: act() only while it runs, so user events outside it are not warned about.
      const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      g.IS_REACT_ACT_ENVIRONMENT = true;
      try {
        await act(async () => {
          root = hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) });
        });
      } finally {
        g.IS_REACT_ACT_ENVIRONMENT = false;
      }
      // A mismatch between the server's HTML and the first client render is a bug in the component.
      if (recoverable.length > 0) throw recoverable[0];
    },
  };
}
