import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';

/** The current instant; one provider so tests and services agree on "now". */
@Injectable()
export class Clock {
  now(): DateTime {
    return DateTime.utc().set({ millisecond: 0 });
  }

  /** `now()` in milliseconds since the epoch, without making a DateTime. */
  millis(): number {
    return Math.floor(Date.now() / 1000) * 1000;
  }
}
