/** Runs the API on a loopback port: what the embedded setup and the tests start. */
import { buildApi, type ApiOptions } from './app.js';

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

export async function startApi(options: ApiOptions & { host?: string; port?: number }): Promise<RunningApi> {
  const app = await buildApi(options);
  try {
    const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
    return { url, close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}
