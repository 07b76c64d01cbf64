import { Logger } from '@nestjs/common';

/**
 * A warning that Redis (or another shared part: `subject`) cannot be reached and what the
 * service does meanwhile, logged at most once a minute however many calls fail (an outage fails
 * every request).
 */
export class RedisOutageWarning {
  private readonly logger: Logger;
  private lastWarning = 0;

  /** `consequence`: what the service does while Redis is away ("reading the database"). */
  constructor(
    context: string,
    private readonly consequence: string,
    private readonly subject = 'Redis',
  ) {
    this.logger = new Logger(context);
  }

  warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`${this.subject} unavailable, ${this.consequence}: ${reason}`);
  }
}
