import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { OwnCredentials } from '../access/permission.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { Metrics } from './metrics';

/** Whether two strings are equal, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus's text format, outside the API's prefix and namespace. With
 * `METRICS_TOKEN` set it asks for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
@ApiExcludeController()
@SkipThrottle()
@OwnCredentials()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const token = this.config.METRICS_TOKEN;
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      throw new DomainError('notAuthenticated');
    }
    response
      .status(200)
      .setHeader('Content-Type', this.metrics.registry.contentType)
      .setHeader('Cache-Control', 'no-store')
      .send(await this.metrics.registry.metrics());
  }
}
