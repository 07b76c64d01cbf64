import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/errors/domain-error';
import { Gate } from '../../common/runtime/gate';

/**
 * The lane event searches read the database through: at most `DATABASE_SEARCH_CONCURRENCY` at
 * once per instance (docs/decisions.md, "Searches take turns"). A search's full-text match
 * reads every matching event (a second or more for a common word at a million events on
 * MariaDB), so searches made cold side by side could hold every pool connection while each
 * other read waited behind them. A search waiting its turn holds no connection. Its request is
 * answered 503 `rest_response_timeout` at the request deadline, like any request; the wait
 * gives up `REQUEST_TIMEOUT_MS` after it began (a turn that comes sooner still runs the search,
 * whose result is kept for the next reader).
 */
@Injectable()
export class SearchLane {
  private readonly gate: Gate;
  private readonly waitMs: number;

  constructor(config: AppConfig) {
    this.gate = new Gate(config.DATABASE_SEARCH_CONCURRENCY);
    this.waitMs = config.REQUEST_TIMEOUT_MS;
  }

  /** Runs `read` (a search's reads of the database) in its turn. */
  run<T>(read: () => Promise<T>): Promise<T> {
    return this.gate.run(read, {
      ms: this.waitMs,
      giveUp: () => new DomainError('responseTimeout'),
    });
  }
}
