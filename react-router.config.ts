import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // A separate folder lets several builds live side by side (e.g. parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
