/**
 * Starts the Ink app. Loaded only through a dynamic import from the CLI, so
 * plain and JSON commands never load React.
 */
import { render, Text } from 'ink';
import type { Display } from '../cli/terminal.js';

export type Route = { screen: 'home' } | { screen: string; [key: string]: unknown };

export interface AppOptions {
  route: Route;
  display: Display;
  flags: Record<string, unknown>;
}

export async function runApp(options: AppOptions): Promise<number> {
  const app = render(<Text>fence-tutor: the app is not built yet ({options.route.screen})</Text>, {
    exitOnCtrlC: false,
  });
  app.unmount();
  await app.waitUntilExit();
  return 0;
}
