import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';

/** The current instant; one provider so tests and services agree on "now". */
@Injectable()
export class Clock {
  now(): DateTime {
    return DateTime.utc().set({ millisecond: 0 });
  }
}
