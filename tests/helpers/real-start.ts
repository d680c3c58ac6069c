// The server as `npm start` runs it (server/start.ts), on a free loopback port, logging only
// errors and serving no web app: for the tests of a real start.
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';

export function startOnLoopback(env: Record<string, string>): Promise<RunningServer> {
  return startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }), {
    webDir: false,
  });
}
