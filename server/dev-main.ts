// Development entry: the API without the built PWA (Vite serves the app and proxies to it).
import { loadConfig } from './config';
import { startServer } from './start';

await startServer(loadConfig(), { webDir: false });
