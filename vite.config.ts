import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: true },
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
