import { Injectable, PipeTransform } from '@nestjs/common';
import { Zone } from 'luxon';
import { Clock } from '../clock/clock';
import { siteZoneOf } from '../clock/site-zone';
import { AppConfig } from '../../config/app-config';
import { asRecord } from '../validation/convert';
import { readDateParam } from './parse-date';

/** A list's bounds on the items' last modification, as instants. */
export interface ModifiedBounds {
  /** Only items modified after this instant (exclusive). */
  readonly modifiedAfter?: Date;
  /** Only items modified before this instant (exclusive). */
  readonly modifiedBefore?: Date;
}

/**
 * Reads `modified_after` and `modified_before` of a list (docs/behaviour.md#lists): every date
 * form the service reads, naive ones in the site's zone, taken as exact instants (no rounding to
 * whole days, unlike the event window). Unparsable values are left to the query DTO to report.
 */
@Injectable()
export class ModifiedBoundsPipe implements PipeTransform<unknown, ModifiedBounds> {
  private readonly siteZone: Zone;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  transform(query: unknown): ModifiedBounds {
    const source = asRecord(query);
    const now = this.clock.now();
    const read = (name: string): Date | undefined =>
      readDateParam(source, name, this.siteZone, now)?.toJSDate();
    return { modifiedAfter: read('modified_after'), modifiedBefore: read('modified_before') };
  }
}
