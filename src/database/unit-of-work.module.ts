import { Global, Module } from '@nestjs/common';
import { UnitOfWork } from './unit-of-work';

/** The unit of work every repository reads and writes through. */
@Global()
@Module({ providers: [UnitOfWork], exports: [UnitOfWork] })
export class UnitOfWorkModule {}
