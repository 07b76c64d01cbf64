import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ClassConstructor } from 'class-transformer';
import { validateInput } from './validate-input';

const PLAIN_TYPES: readonly unknown[] = [String, Number, Boolean, Array, Object];

/** The global pipe: every query and body whose declared type is a DTO class is validated. */
@Injectable()
export class InputValidationPipe implements PipeTransform<unknown> {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype, type } = metadata;
    if (type === 'custom' || !metatype || PLAIN_TYPES.includes(metatype)) return value;
    if (type === 'param') return value;
    return validateInput(metatype as ClassConstructor<object>, value);
  }
}
