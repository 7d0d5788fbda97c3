import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: true },
  // The server build takes only the icons it uses: the package's full set costs ~40 MB of memory in
  // every server process when it is loaded from node_modules at run time.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // One small icons chunk instead of a request per icon on slow mobile connections.
        codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react/ }] },
      },
    },
  },
});
