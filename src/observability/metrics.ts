import { Injectable, Optional } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { UnitOfWork } from '../database/unit-of-work';
import { DataSource } from 'typeorm';
import { ReadCache } from '../read-cache/read-cache';

/** What `mysql2` keeps of a pool (private fields, read defensively). */
interface PoolState {
  readonly _allConnections?: { readonly length: number };
  readonly _freeConnections?: { readonly length: number };
  readonly _connectionQueue?: { readonly length: number };
}

/** The connection pools of the data source by name: `primary`, `replica0`, ...; none on SQLite. */
function poolsOf(dataSource: DataSource): [string, PoolState][] {
  const driver = dataSource.driver as unknown as {
    pool?: PoolState;
    poolCluster?: { _nodes?: Record<string, { pool?: PoolState }> };
  };
  const nodes = driver.poolCluster?._nodes;
  if (nodes) {
    return Object.entries(nodes).flatMap(([id, node]): [string, PoolState][] =>
      node.pool
        ? [[id.startsWith('MASTER') ? 'primary' : id.replace('SLAVE', 'replica'), node.pool]]
        : [],
    );
  }
  return driver.pool ? [['primary', driver.pool]] : [];
}

/** The route template a request matched (`/calendar/events/v1/events/:id`), or `unmatched`. */
function routeOf(request: Request): string {
  const route = (request as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? route.path : 'unmatched';
}

/**
 * Prometheus metrics of this app: requests and their latency by route template, method and
 * status; the database pools; and Node's process metrics. One registry per app.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;

  constructor(dataSource: DataSource, unit: UnitOfWork, @Optional() cache?: ReadCache) {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const pools = (): [string, PoolState][] =>
      dataSource.isInitialized ? poolsOf(dataSource) : [];
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by pool and state (open, idle)',
      labelNames: ['pool', 'state'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [pool, state] of pools()) {
          this.set({ pool, state: 'open' }, state._allConnections?.length ?? 0);
          this.set({ pool, state: 'idle' }, state._freeConnections?.length ?? 0);
        }
      },
    });
    const unitCounter = (name: string, help: string, read: () => number): void => {
      new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    };
    unitCounter(
      'db_transaction_retries_total',
      'Write transactions run again after a deadlock, lock wait timeout or busy database',
      () => unit.retries,
    );
    unitCounter(
      'db_transaction_busy_total',
      'Write requests answered 503 rest_service_busy: every attempt met a conflict',
      () => unit.gaveUp,
    );
    if (cache) {
      const tallyCounter = (
        name: string,
        help: string,
        read: () => Readonly<Record<string, number>>,
      ): void => {
        new Counter({
          name,
          help,
          labelNames: ['outcome'],
          registers: [this.registry],
          collect() {
            this.reset();
            for (const [outcome, value] of Object.entries(read())) this.inc({ outcome }, value);
          },
        });
      };
      tallyCounter(
        'read_cache_answers_total',
        'Reads the read cache could keep, by outcome: hit (a kept answer), miss (made by the route), joined (waited for the same answer being made)',
        () => cache.tally.answers,
      );
      tallyCounter(
        'read_cache_renderings_total',
        'Event renderings list answers needed, by outcome: kept (reused), made (rendered again)',
        () => cache.tally.renderings,
      );
    }
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free connection, by pool',
      labelNames: ['pool'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [pool, state] of pools()) {
          this.set({ pool }, state._connectionQueue?.length ?? 0);
        }
      },
    });
  }

  /** A gauge of this app's registry whose value `read` gives at each scrape. */
  gaugeOf(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Records every answered request when its response finishes. */
  readonly middleware: RequestHandler = (
    request: Request,
    response: Response,
    next: NextFunction,
  ) => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const labels = {
        method: request.method,
        route: routeOf(request),
        status: String(response.statusCode),
      };
      this.requests.inc(labels);
      this.latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
