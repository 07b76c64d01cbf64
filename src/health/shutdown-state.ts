import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../config/app-config';

/**
 * Whether the service is shutting down. At SIGTERM (or SIGINT) readiness turns 503 at once and
 * the server keeps serving for `SHUTDOWN_GRACE_MS`, so load balancers stop sending requests;
 * then Nest closes the HTTP server, which waits for the requests in flight, and only then the
 * database. A close from code (tests, scripts) skips the wait.
 */
@Injectable()
export class ShutdownState implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private draining = false;

  constructor(private readonly config: AppConfig) {}

  get isDraining(): boolean {
    return this.draining;
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    if (signal === undefined) return;
    this.logger.log(
      `${signal}: not ready; serving ${this.config.SHUTDOWN_GRACE_MS} ms more, then finishing the requests in flight`,
    );
    await sleep(this.config.SHUTDOWN_GRACE_MS);
  }
}
