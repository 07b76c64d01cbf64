import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ShutdownState } from './shutdown-state';
import { pendingMigrations } from '../database/pending-migrations';

/** How long a database ping may take before the check counts it down. */
const PING_TIMEOUT_MS = 1500;

/**
 * Probes for orchestrators and load balancers, outside the API's prefix and namespace: liveness
 * (the process answers; no dependency) and readiness (the database answers and has run every
 * migration, and a replica answers when there are replicas; 503 otherwise and while shutting
 * down).
 */
@ApiExcludeController()
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly dataSource: DataSource,
    private readonly shutdown: ShutdownState,
    private readonly config: AppConfig,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthCheckResult | { status: string }> {
    if (this.shutdown.isDraining) {
      response.status(503);
      return { status: 'shutting_down' };
    }
    try {
      return await this.health.check(this.checks());
    } catch (error: unknown) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  private checks(): HealthIndicatorFunction[] {
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: PING_TIMEOUT_MS }),
      () => this.migrations(),
    ];
    if (this.config.DATABASE_REPLICA_URLS.length > 0) checks.push(() => this.pingReplica());
    return checks;
  }

  /**
   * Up when the database has run every committed migration. While some are pending (another
   * instance is migrating, or the deploy step was skipped), calls would fail: not ready, with
   * their names.
   */
  private async migrations(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('migrations');
    try {
      const pending = await pendingMigrations(this.dataSource);
      return pending.length === 0 ? check.up() : check.down({ pending });
    } catch (error: unknown) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Asks one replica (as a GET's read would reach one) for `SELECT 1`. */
  private async pingReplica(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('database_replica');
    const runner = this.dataSource.createQueryRunner('slave');
    const timer = new AbortController();
    try {
      await Promise.race([
        runner.query('SELECT 1'),
        sleep(PING_TIMEOUT_MS, undefined, { signal: timer.signal }).then(() => {
          throw new Error(`no answer in ${PING_TIMEOUT_MS} ms`);
        }),
      ]);
      return check.up();
    } catch (error: unknown) {
      return check.down({ message: error instanceof Error ? error.message : String(error) });
    } finally {
      timer.abort();
      await runner.release();
    }
  }
}
