import { Injectable, PipeTransform } from '@nestjs/common';
import { RouteNotFoundError } from '../errors/domain-error';

/** Path ids are one or more decimal digits; any other segment matches no route (404). */
@Injectable()
export class RouteIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d+$/.test(value)) throw new RouteNotFoundError();
    const id = Number(value);
    if (!Number.isSafeInteger(id)) throw new RouteNotFoundError();
    return id;
  }
}
